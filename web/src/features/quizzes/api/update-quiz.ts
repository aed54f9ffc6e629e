import { useMutation } from '@tanstack/react-query';
import { quizzesApi } from '@shared/contract/quizzes';
import type { UpdateQuizInput } from '@shared/quiz-schemas';
import { callApi } from '@web/lib/api-client';
import { useRefreshQuizLists } from './refresh-quiz-lists';

/** `PUT /api/quizzes/{id}`. */
export const updateQuiz = ({ id, input }: { id: string; input: UpdateQuizInput }) =>
  callApi(quizzesApi.update, { params: { id }, body: input });

/** Saves the edit; every quiz list is read again. */
export function useUpdateQuiz() {
  const refresh = useRefreshQuizLists();
  return useMutation({
    mutationFn: updateQuiz,
    onSuccess: () => refresh(),
  });
}
