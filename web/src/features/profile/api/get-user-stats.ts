import { queryOptions, useQuery } from '@tanstack/react-query';
import { learningApi } from '@shared/contract/learning';
import { callApi } from '@web/lib/api-client';
import { freshOnEntryAndFocus } from '@web/lib/query-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/user/stats`: the learning record's figures on the profile page. */
export const getUserStats = () => callApi(learningApi.stats);

/** Refetched on entering the page and on window focus (spec). */
export const userStatsQuery = queryOptions({
  queryKey: queryKeys.user.stats,
  queryFn: getUserStats,
  ...freshOnEntryAndFocus,
});

export function useUserStats(enabled: boolean) {
  return useQuery({ ...userStatsQuery, enabled });
}
