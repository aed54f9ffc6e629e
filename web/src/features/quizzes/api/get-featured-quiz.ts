import { useQuery } from '@tanstack/react-query';
import { quizzesApi } from '@shared/contract/quizzes';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/quizzes/featured`. */
export function useFeaturedQuiz() {
  return useQuery({
    queryKey: queryKeys.quizzes.featured,
    queryFn: () => callApi(quizzesApi.featured),
  });
}
