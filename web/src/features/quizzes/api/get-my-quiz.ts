import { useQuery } from '@tanstack/react-query';
import { quizzesApi } from '@shared/contract/quizzes';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/my-quizzes/{id}`: one of the member's quizzes with its answer key, for editing. */
export const getMyQuiz = (id: string) => callApi(quizzesApi.mineDetail, { params: { id } });

/** Read fresh each time the edit dialog opens on a quiz (`id`; null: closed). */
export function useMyQuizDetail(id: string | null) {
  return useQuery({
    queryKey: queryKeys.myQuizzes.detail(id ?? ''),
    queryFn: () => getMyQuiz(id ?? ''),
    enabled: Boolean(id),
    staleTime: 0,
  });
}
