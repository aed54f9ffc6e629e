import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@web/lib/query-keys';

/**
 * Refreshes the usage figure after a generation (docs/spec/core-platform.md §4). A failed one refreshes it too:
 * a 429 means the figure on screen was out of date.
 */
export function useRefreshAiUsage(userId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.aiUsage(userId) });
}
