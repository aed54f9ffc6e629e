import { queryOptions, useQuery } from '@tanstack/react-query';
import { learningApi } from '@shared/contract/learning';
import { callApi } from '@web/lib/api-client';
import { freshOnEntryAndFocus } from '@web/lib/query-client';
import { queryKeys } from '@web/lib/query-keys';

/**
 * `GET /api/learning/dashboard`: today against the goal, the streak, the calendar, categories,
 * weaknesses and the reviews due. The learning page and the profile's summary read this one query,
 * so their figures are the same.
 */
export const getLearningDashboard = () => callApi(learningApi.dashboard);

/** Read afresh on entering a page and on window focus: answers elsewhere change it. */
export const learningDashboardQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.learning.dashboard(userId),
    queryFn: getLearningDashboard,
    ...freshOnEntryAndFocus,
  });

export function useLearningDashboard(userId: string) {
  return useQuery(learningDashboardQuery(userId));
}
