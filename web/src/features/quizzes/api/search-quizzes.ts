import { useQuery } from '@tanstack/react-query';
import { DIFFICULTIES } from '@shared/constants';
import { quizzesApi } from '@shared/contract/quizzes';
import { SEARCH_SORTS } from '@shared/quizzes';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { oneOf } from './get-quizzes';

/** `GET /api/quizzes/search?q&category&difficulty&sort`; one retry on failure (spec). */
export function useQuizSearch(params: { q: string; category: string; difficulty: string; sort: string }) {
  return useQuery({
    queryKey: queryKeys.quizzes.search(params),
    queryFn: () =>
      callApi(quizzesApi.search, {
        query: {
          ...params,
          difficulty: oneOf(DIFFICULTIES, params.difficulty),
          sort: oneOf(SEARCH_SORTS, params.sort),
        },
      }),
    retry: 1,
  });
}
