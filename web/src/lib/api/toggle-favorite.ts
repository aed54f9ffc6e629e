import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quizzesApi } from '@shared/contract/quizzes';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** Adds or removes a favourite, then refreshes the favourite list and this quiz's check. */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, favorite }: { id: string; favorite: boolean }) => {
      await callApi(favorite ? quizzesApi.addFavorite : quizzesApi.removeFavorite, { params: { id } });
      return favorite;
    },
    onSuccess: async (favorite, { id }) => {
      queryClient.setQueryData(queryKeys.favorites.one(id), { isFavorite: favorite });
      await queryClient.invalidateQueries({ queryKey: queryKeys.favorites.all });
    },
  });
}
