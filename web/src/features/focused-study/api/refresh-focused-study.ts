import { useQueryClient } from '@tanstack/react-query';

/** Marks one of the member's focused-study answers stale (`queryKeys.focusedStudy.*`), after a write. */
export function useRefreshFocusedStudy(key: (userId: string) => readonly unknown[], userId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: key(userId) });
}
