import { useMutation } from '@tanstack/react-query';
import { quizzesApi } from '@shared/contract/quizzes';
import { callApi } from '@web/lib/api-client';
import { useRefreshQuizLists } from './refresh-quiz-lists';

/** `POST /api/quizzes/{id}/duplicate`: a copy of one of the member's quizzes, 「…（コピー）」. */
export const duplicateQuiz = (id: string) => callApi(quizzesApi.duplicate, { params: { id } });

/** Copies the quiz; every quiz list is read again (the copy joins them). */
export function useDuplicateQuiz() {
  const refresh = useRefreshQuizLists();
  return useMutation({
    mutationFn: duplicateQuiz,
    onSuccess: () => refresh(),
  });
}
