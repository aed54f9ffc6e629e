import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@web/lib/query-keys';

/**
 * Marks all of the member's learning records stale (`queryKeys.learning.all`) after a write: a
 * plan sets the goals, a to-do or a review answer changes the dashboard too.
 */
export function useRefreshLearning(userId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.learning.all(userId) });
}
