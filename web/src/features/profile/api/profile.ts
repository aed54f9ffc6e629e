import { useQuery } from '@tanstack/react-query';
import type { ActivityResponse, UserStats } from '@shared/progress';
import { getJson } from '@web/lib/api-client';

/** Stats and activity are refetched on entering the page and on window focus (spec). */
const fresh = { staleTime: 0, refetchOnMount: 'always', refetchOnWindowFocus: true } as const;

export function useUserStats(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/user/stats'],
    queryFn: () => getJson<UserStats>('/api/user/stats'),
    enabled,
    ...fresh,
  });
}

export function useUserActivity(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/user/activity'],
    queryFn: () => getJson<ActivityResponse>('/api/user/activity'),
    enabled,
    ...fresh,
  });
}
