import { queryOptions, useQuery } from '@tanstack/react-query';
import { DIFFICULTIES } from '@shared/constants';
import { quizzesApi } from '@shared/contract/quizzes';
import { SEARCH_SORTS } from '@shared/quizzes';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { oneOf } from './get-quizzes';

/** `tag`: only that tag's quizzes (the tag page). */
type QuizSearchParams = { q: string; category: string; difficulty: string; sort: string; tag?: string };

/** `GET /api/quizzes/search?q&category&difficulty&sort&tag`. */
export const searchQuizzes = (params: QuizSearchParams) =>
  callApi(quizzesApi.search, {
    query: {
      ...params,
      difficulty: oneOf(DIFFICULTIES, params.difficulty),
      sort: oneOf(SEARCH_SORTS, params.sort),
    },
  });

/** One retry on failure (spec). */
export const quizSearchQuery = (params: QuizSearchParams) =>
  queryOptions({
    queryKey: queryKeys.quizzes.search(params),
    queryFn: () => searchQuizzes(params),
    retry: 1,
  });

export function useQuizSearch(params: QuizSearchParams) {
  return useQuery(quizSearchQuery(params));
}
