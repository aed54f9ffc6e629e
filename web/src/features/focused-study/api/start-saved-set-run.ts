import { useMutation } from '@tanstack/react-query';
import { focusedStudyApi } from '@shared/contract/focused-study';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { useRefreshFocusedStudy } from './refresh-focused-study';

/** `POST /api/focused-study/start-saved-session/{setId}`: a study run of a saved set (its play count goes up). */
export function useStartSavedSetRun(userId: string) {
  const refresh = useRefreshFocusedStudy(queryKeys.focusedStudy.savedSets, userId);
  return useMutation({
    mutationFn: (setId: string) => callApi(focusedStudyApi.startSavedSession, { params: { setId } }),
    onSuccess: () => refresh(),
  });
}
