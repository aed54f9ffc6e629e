import { useQuery } from '@tanstack/react-query';
import { DIFFICULTIES, LIMITS } from '@shared/constants';
import { quizzesApi } from '@shared/contract/quizzes';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** The filter's value when it is one of `values`; anything else (such as «すべて», '') means no filter. */
export const oneOf = <T extends string>(values: readonly T[], value: string): T | undefined =>
  values.find((candidate) => candidate === value);

/** `GET /api/quizzes?category&difficulty&search&limit=50`: the home page's latest quizzes. */
export function useQuizList(params: { category: string; difficulty: string; search: string }) {
  const all = { ...params, limit: String(LIMITS.homeQuizListLimit) };
  return useQuery({
    queryKey: queryKeys.quizzes.list(all),
    queryFn: () =>
      callApi(quizzesApi.list, { query: { ...all, difficulty: oneOf(DIFFICULTIES, params.difficulty) } }),
  });
}
