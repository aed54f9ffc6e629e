import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { learningApi } from '@shared/contract/learning';
import { callApi } from '@web/lib/api-client';
import { freshOnEntry } from '@web/lib/query-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/learning/daily-stats?from&to`: the days with activity (both days included). */
export const getDailyStats = (from: string, to: string) =>
  callApi(learningApi.dailyStats, { query: { from, to } });

export const dailyStatsQuery = (userId: string, from: string, to: string) =>
  queryOptions({
    queryKey: queryKeys.learning.dailyStats(userId, from, to),
    queryFn: () => getDailyStats(from, to),
    placeholderData: keepPreviousData,
    ...freshOnEntry,
  });

export function useDailyStats(userId: string, from: string, to: string) {
  return useQuery(dailyStatsQuery(userId, from, to));
}
