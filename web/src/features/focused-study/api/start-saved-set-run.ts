import { useMutation } from '@tanstack/react-query';
import { focusedStudyApi } from '@shared/contract/focused-study';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { useRefreshFocusedStudy } from './refresh-focused-study';

/** `POST /api/focused-study/start-saved-session/{setId}`. */
export const startSavedSetRun = (setId: string) =>
  callApi(focusedStudyApi.startSavedSession, { params: { setId } });

/** A study run of a saved set; the saved sets are read again (its play count went up). */
export function useStartSavedSetRun(userId: string) {
  const refresh = useRefreshFocusedStudy(queryKeys.focusedStudy.savedSets, userId);
  return useMutation({
    mutationFn: startSavedSetRun,
    onSuccess: () => refresh(),
  });
}
