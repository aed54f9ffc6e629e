import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { quizzesApi } from '@shared/contract/quizzes';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/**
 * `GET /api/quizzes/search?q&category&sort=popular`: the public quizzes a room can be made with,
 * found in the whole catalogue by the search index (up to 100 matches, most played first). While
 * the next words load, the last answer stays on screen.
 */
export const searchRoomQuizzes = (params: { q: string; category: string }) =>
  callApi(quizzesApi.search, { query: { q: params.q, category: params.category, sort: 'popular' } });

export const roomQuizSearchQuery = (params: { q: string; category: string }) =>
  queryOptions({
    queryKey: queryKeys.quizzes.search({ q: params.q, category: params.category, sort: 'popular' }),
    queryFn: () => searchRoomQuizzes(params),
    placeholderData: keepPreviousData,
    retry: 1,
  });

export function useRoomQuizSearch(params: { q: string; category: string }) {
  return useQuery(roomQuizSearchQuery(params));
}
