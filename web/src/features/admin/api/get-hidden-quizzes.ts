import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '@shared/contract/admin';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/admin/hidden-quizzes`: every hidden quiz, whatever became of its reports. */
export const getHiddenQuizzes = () => callApi(adminApi.hiddenQuizzes);

/**
 * Read again after every admin action (they refresh every `admin` key) and on window focus; not on
 * a timer: only an administrator hides a quiz, and the spec's 10 s refresh is the reports' (a fourth
 * list polled every 10 s left a slow stack no quiet moment at all).
 */
export const hiddenQuizzesQuery = queryOptions({
  queryKey: queryKeys.admin.hiddenQuizzes,
  queryFn: getHiddenQuizzes,
  refetchOnWindowFocus: true,
  staleTime: 0,
});

export function useHiddenQuizzes(enabled: boolean) {
  return useQuery({ ...hiddenQuizzesQuery, enabled });
}
