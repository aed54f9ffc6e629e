import { queryOptions, useQuery } from '@tanstack/react-query';
import { UI } from '@shared/constants';
import { adminApi } from '@shared/contract/admin';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/admin/flagged-quizzes`: the quizzes with pending reports, and those reports. */
export const getFlaggedQuizzes = () => callApi(adminApi.flaggedQuizzes);

/** Refetched every 10 s and on window focus (spec). */
export const flaggedQuizzesQuery = queryOptions({
  queryKey: queryKeys.admin.flaggedQuizzes,
  queryFn: getFlaggedQuizzes,
  refetchInterval: UI.adminReportsRefetchMs,
  refetchOnWindowFocus: true,
  staleTime: 0,
});

export function useFlaggedQuizzes(enabled: boolean) {
  return useQuery({ ...flaggedQuizzesQuery, enabled });
}
