import { useMutation } from '@tanstack/react-query';
import { quizzesApi } from '@shared/contract/quizzes';
import type { CreateQuizInput } from '@shared/quiz-schemas';
import { callApi } from '@web/lib/api-client';
import { useRefreshQuizLists } from './refresh-quiz-lists';

export function useCreateQuiz() {
  const refresh = useRefreshQuizLists();
  return useMutation({
    mutationFn: async (input: CreateQuizInput) => callApi(quizzesApi.create, { body: input }),
    onSuccess: () => refresh(),
  });
}
