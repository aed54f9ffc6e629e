import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerCheckInput, AttemptInput } from '@shared/attempts';
import type { StudyRecordInput } from '@shared/learning';
import { attemptsApi } from '@shared/contract/attempts';
import { learningApi as progressApi } from '@shared/contract/learning';
import { quizzesApi } from '@shared/contract/quizzes';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/quizzes/{id}`: the quiz with its questions (no answer key unless the player wrote it). */
export function useQuizForPlay(id: string) {
  return useQuery({
    queryKey: queryKeys.quizzes.detail(id),
    queryFn: () => callApi(quizzesApi.get, { params: { id } }),
  });
}

/** `POST /api/quizzes/{id}/check`: one answer checked; the right answer and explanation come with it. */
export const checkAnswer = (quizId: string, input: AnswerCheckInput) =>
  callApi(attemptsApi.check, { params: { id: quizId }, body: input });

export function useSaveAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ quizId, ...attempt }: AttemptInput & { quizId: string }) =>
      callApi(attemptsApi.save, { params: { id: quizId }, body: attempt }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.quizzes.all }),
  });
}

export function useRateAttempt() {
  return useMutation({
    mutationFn: async ({ attemptId, rating }: { attemptId: string; rating: number }) =>
      callApi(attemptsApi.rate, { params: { id: attemptId }, body: { rating } }),
  });
}

/** `POST /api/study/session`: one record per answer for signed-in players; a failure is only logged. */
export function sendStudyRecord(input: StudyRecordInput) {
  callApi(progressApi.studyAnswer, { body: input }).catch((error: unknown) =>
    console.warn('study record not saved', error),
  );
}
