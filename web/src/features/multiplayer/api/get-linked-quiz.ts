import { useQuery } from '@tanstack/react-query';
import { quizzesApi } from '@shared/contract/quizzes';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/quizzes/{id}`, when a page sent the member here to play that quiz together (`?quiz=`). */
export const getLinkedQuiz = (id: string) => callApi(quizzesApi.get, { params: { id } });

export function useLinkedQuiz(id: string | null) {
  return useQuery({
    queryKey: queryKeys.quizzes.detail(id ?? ''),
    queryFn: () => getLinkedQuiz(id ?? ''),
    enabled: Boolean(id),
  });
}
