import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quizzesApi } from '@shared/contract/quizzes';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `POST` or `DELETE /api/favorites/{id}`; answers whether the quiz is now a favourite. */
export async function toggleFavorite({ id, favorite }: { id: string; favorite: boolean }) {
  await callApi(favorite ? quizzesApi.addFavorite : quizzesApi.removeFavorite, { params: { id } });
  return favorite;
}

/** Adds or removes a favourite, then refreshes the favourite list and this quiz's check. */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleFavorite,
    onSuccess: async (favorite, { id }) => {
      queryClient.setQueryData(queryKeys.favorites.one(id), { isFavorite: favorite });
      await queryClient.invalidateQueries({ queryKey: queryKeys.favorites.all });
    },
  });
}
