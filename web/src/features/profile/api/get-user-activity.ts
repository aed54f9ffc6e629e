import { useQuery } from '@tanstack/react-query';
import { progressApi } from '@shared/contract/progress';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { freshOnEntry } from './fresh-on-entry';

/** `GET /api/user/activity`: the learning record's days on the profile page. */
export function useUserActivity(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.user.activity,
    queryFn: () => callApi(progressApi.activity),
    enabled,
    ...freshOnEntry,
  });
}
