import { useMutation } from '@tanstack/react-query';
import { focusedStudyApi } from '@shared/contract/focused-study';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { useRefreshFocusedStudy } from './refresh-focused-study';

/** `DELETE /api/focused-study/saved-question-sets/{setId}`. */
export function useDeleteSet(userId: string) {
  const refresh = useRefreshFocusedStudy(queryKeys.focusedStudy.savedSets, userId);
  return useMutation({
    mutationFn: (setId: string) => callApi(focusedStudyApi.deleteSet, { params: { setId } }),
    onSettled: () => refresh(),
  });
}
