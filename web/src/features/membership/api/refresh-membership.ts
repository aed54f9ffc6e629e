import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@web/lib/query-keys';

/** After any change the status and the signed-in user (its isPro: navigation, quotas) are read again. */
export function useRefreshMembership(userId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.membership(userId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
    ]);
}
