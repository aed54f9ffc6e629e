import { queryOptions, useQuery } from '@tanstack/react-query';
import { UI } from '@shared/constants';
import { adminApi } from '@shared/contract/admin';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/admin/hidden-quizzes`: every hidden quiz, whatever became of its reports. */
export const getHiddenQuizzes = () => callApi(adminApi.hiddenQuizzes);

/** Refetched with the other moderation lists. */
export const hiddenQuizzesQuery = queryOptions({
  queryKey: queryKeys.admin.hiddenQuizzes,
  queryFn: getHiddenQuizzes,
  refetchInterval: UI.adminReportsRefetchMs,
  refetchOnWindowFocus: true,
  staleTime: 0,
});

export function useHiddenQuizzes(enabled: boolean) {
  return useQuery({ ...hiddenQuizzesQuery, enabled });
}
