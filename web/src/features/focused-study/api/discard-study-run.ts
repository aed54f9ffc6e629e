import { useMutation } from '@tanstack/react-query';
import { focusedStudyApi } from '@shared/contract/focused-study';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { useRefreshFocusedStudy } from './refresh-focused-study';

/** `DELETE /api/focused-study/sessions/{sessionId}`. */
export const discardStudyRun = (sessionId: string) =>
  callApi(focusedStudyApi.discardSession, { params: { sessionId } });

/** Ends an unfinished run early, or discards it before a page-held one begins; the unfinished run is read again. */
export function useDiscardStudyRun(userId: string) {
  const refresh = useRefreshFocusedStudy(queryKeys.focusedStudy.unfinished, userId);
  return useMutation({
    mutationFn: discardStudyRun,
    onSettled: () => refresh(),
  });
}
