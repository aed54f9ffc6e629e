import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@web/lib/query-keys';

/** Refreshes every quiz list after a write: the public ones, the member's own, the favourites and the tags' counts. */
export function useRefreshQuizLists() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.quizzes.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.myQuizzes.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.favorites.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.tags.all }),
    ]);
}
