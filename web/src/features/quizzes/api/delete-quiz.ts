import { useMutation } from '@tanstack/react-query';
import { quizzesApi } from '@shared/contract/quizzes';
import { callApi } from '@web/lib/api-client';
import { useRefreshQuizLists } from './refresh-quiz-lists';

/** `DELETE /api/quizzes/{id}`: the quiz and everything attached to it. */
export const deleteQuiz = (id: string) => callApi(quizzesApi.delete, { params: { id } });

/** Deletes the quiz; every quiz list is read again. */
export function useDeleteQuiz() {
  const refresh = useRefreshQuizLists();
  return useMutation({
    mutationFn: deleteQuiz,
    onSuccess: () => refresh(),
  });
}
