import { useQuery } from '@tanstack/react-query';
import { quizzesApi } from '@shared/contract/quizzes';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/quizzes/{id}`, when a page sent the member here to play that quiz together (`?quiz=`). */
export function useLinkedQuiz(id: string | null) {
  return useQuery({
    queryKey: queryKeys.quizzes.detail(id ?? ''),
    queryFn: () => callApi(quizzesApi.get, { params: { id: id ?? '' } }),
    enabled: Boolean(id),
  });
}
