import { useMutation } from '@tanstack/react-query';
import { focusedStudyApi } from '@shared/contract/focused-study';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { useRefreshFocusedStudy } from './refresh-focused-study';

/** `PUT /api/focused-study/saved-question-sets/{setId}/favorite`. */
export const favoriteSet = ({ setId, isFavorite }: { setId: string; isFavorite: boolean }) =>
  callApi(focusedStudyApi.favoriteSet, { params: { setId }, body: { isFavorite } });

/** Stars or unstars a set; the saved sets are read again. */
export function useFavoriteSet(userId: string) {
  const refresh = useRefreshFocusedStudy(queryKeys.focusedStudy.savedSets, userId);
  return useMutation({
    mutationFn: favoriteSet,
    onSuccess: () => refresh(),
  });
}
