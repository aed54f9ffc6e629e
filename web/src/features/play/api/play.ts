import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AttemptResult } from '@shared/attempts';
import type { QuizDetail } from '@shared/quizzes';
import { apiRequest, getJson } from '@web/lib/api-client';

/** `GET /api/quizzes/{id}`: the quiz with its questions. */
export function useQuizForPlay(id: string) {
  return useQuery({
    queryKey: ['/api/quizzes', id],
    queryFn: () => getJson<QuizDetail>(`/api/quizzes/${encodeURIComponent(id)}`),
  });
}

/** `POST /api/quizzes/{id}/attempt/progress`: sent at each answer; a failure is only logged. */
export function sendProgress(quizId: string, answers: Record<string, string>) {
  apiRequest('POST', `/api/quizzes/${encodeURIComponent(quizId)}/attempt/progress`, { answers }).catch(
    (error: unknown) => console.warn('progress not saved', error),
  );
}

export function useSaveAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      quizId: string;
      score: number;
      totalQuestions: number;
      answers: Record<string, string>;
      answersByIndex: Record<string, string>;
    }) =>
      (await (
        await apiRequest('POST', `/api/quizzes/${encodeURIComponent(input.quizId)}/attempt`, input)
      ).json()) as AttemptResult,
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith('/api/quizzes'),
      }),
  });
}

export function useRateAttempt() {
  return useMutation({
    mutationFn: async ({ attemptId, rating }: { attemptId: string; rating: number }) =>
      (
        await apiRequest('PATCH', `/api/quiz-attempts/${encodeURIComponent(attemptId)}/rating`, { rating })
      ).json() as Promise<unknown>,
  });
}

/** `POST /api/study/session`: one record per answer for signed-in players; a failure is only logged. */
export function sendStudyRecord(input: {
  quizId: string;
  questionId: string;
  userAnswer: string;
  correctAnswer: string;
  isCorrect: boolean;
  timeSpent: number;
}) {
  apiRequest('POST', '/api/study/session', input).catch((error: unknown) =>
    console.warn('study record not saved', error),
  );
}
