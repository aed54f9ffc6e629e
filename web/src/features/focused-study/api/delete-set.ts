import { useMutation } from '@tanstack/react-query';
import { focusedStudyApi } from '@shared/contract/focused-study';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { useRefreshFocusedStudy } from './refresh-focused-study';

/** `DELETE /api/focused-study/saved-question-sets/{setId}`. */
export const deleteSet = (setId: string) => callApi(focusedStudyApi.deleteSet, { params: { setId } });

/** Deletes a saved set; the saved sets are read again either way. */
export function useDeleteSet(userId: string) {
  const refresh = useRefreshFocusedStudy(queryKeys.focusedStudy.savedSets, userId);
  return useMutation({
    mutationFn: deleteSet,
    onSettled: () => refresh(),
  });
}
