import { useQuery } from '@tanstack/react-query';
import { progressApi } from '@shared/contract/progress';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { freshOnEntry } from './fresh-on-entry';

/** `GET /api/user/stats`: the learning record's figures on the profile page. */
export function useUserStats(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.user.stats,
    queryFn: () => callApi(progressApi.stats),
    enabled,
    ...freshOnEntry,
  });
}
