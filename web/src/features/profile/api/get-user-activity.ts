import { queryOptions, useQuery } from '@tanstack/react-query';
import { learningApi } from '@shared/contract/learning';
import { callApi } from '@web/lib/api-client';
import { freshOnEntryAndFocus } from '@web/lib/query-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/user/activity`: the learning record's days on the profile page. */
export const getUserActivity = () => callApi(learningApi.activity);

/** Refetched on entering the page and on window focus (spec). */
export const userActivityQuery = queryOptions({
  queryKey: queryKeys.user.activity,
  queryFn: getUserActivity,
  ...freshOnEntryAndFocus,
});

export function useUserActivity(enabled: boolean) {
  return useQuery({ ...userActivityQuery, enabled });
}
