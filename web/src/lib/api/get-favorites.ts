import { queryOptions, useQuery } from '@tanstack/react-query';
import { quizzesApi } from '@shared/contract/quizzes';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/favorites`: the member's favourite quizzes (the hearts on cards and on a result). */
export const getFavorites = () => callApi(quizzesApi.favorites);

export const favoritesQuery = queryOptions({ queryKey: queryKeys.favorites.all, queryFn: getFavorites });

export function useFavorites(enabled = true) {
  return useQuery({ ...favoritesQuery, enabled });
}
