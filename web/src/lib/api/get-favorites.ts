import { useQuery } from '@tanstack/react-query';
import { quizzesApi } from '@shared/contract/quizzes';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/favorites`: the member's favourite quizzes (the hearts on cards and on a result). */
export function useFavorites(enabled = true) {
  return useQuery({
    queryKey: queryKeys.favorites.all,
    queryFn: () => callApi(quizzesApi.favorites),
    enabled,
  });
}
