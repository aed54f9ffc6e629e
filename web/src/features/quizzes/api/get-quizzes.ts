import { queryOptions, useQuery } from '@tanstack/react-query';
import { DIFFICULTIES, LIMITS } from '@shared/constants';
import { quizzesApi } from '@shared/contract/quizzes';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** The filter's value when it is one of `values`; anything else (such as «すべて», '') means no filter. */
export const oneOf = <T extends string>(values: readonly T[], value: string): T | undefined =>
  values.find((candidate) => candidate === value);

type QuizListParams = { category: string; difficulty: string; search: string };

/** `GET /api/quizzes?category&difficulty&search&limit=50`: the home page's latest quizzes. */
export const getQuizzes = (params: QuizListParams) =>
  callApi(quizzesApi.list, {
    query: {
      ...params,
      limit: String(LIMITS.homeQuizListLimit),
      difficulty: oneOf(DIFFICULTIES, params.difficulty),
    },
  });

export const quizListQuery = (params: QuizListParams) =>
  queryOptions({
    queryKey: queryKeys.quizzes.list({ ...params, limit: String(LIMITS.homeQuizListLimit) }),
    queryFn: () => getQuizzes(params),
  });

export function useQuizList(params: QuizListParams) {
  return useQuery(quizListQuery(params));
}
