import { useQuery } from '@tanstack/react-query';
import { learningApi as progressApi } from '@shared/contract/learning';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** Stats and activity are refetched on entering the page and on window focus (spec). */
const fresh = { staleTime: 0, refetchOnMount: 'always', refetchOnWindowFocus: true } as const;

export function useUserStats(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.user.stats,
    queryFn: () => callApi(progressApi.stats),
    enabled,
    ...fresh,
  });
}

export function useUserActivity(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.user.activity,
    queryFn: () => callApi(progressApi.activity),
    enabled,
    ...fresh,
  });
}
