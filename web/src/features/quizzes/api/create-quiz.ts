import { useMutation } from '@tanstack/react-query';
import { quizzesApi } from '@shared/contract/quizzes';
import type { CreateQuizInput } from '@shared/quiz-schemas';
import { callApi } from '@web/lib/api-client';
import { useRefreshQuizLists } from './refresh-quiz-lists';

/** `POST /api/quizzes`. */
export const createQuiz = (input: CreateQuizInput) => callApi(quizzesApi.create, { body: input });

/** Creates the quiz; every quiz list is read again. */
export function useCreateQuiz() {
  const refresh = useRefreshQuizLists();
  return useMutation({
    mutationFn: createQuiz,
    onSuccess: () => refresh(),
  });
}
