import { useMutation } from '@tanstack/react-query';
import { focusedStudyApi } from '@shared/contract/focused-study';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { useRefreshFocusedStudy } from './refresh-focused-study';

/** `DELETE /api/focused-study/sessions/{sessionId}`: ends an unfinished run early, or discards it before a page-held one begins. */
export function useDiscardStudyRun(userId: string) {
  const refresh = useRefreshFocusedStudy(queryKeys.focusedStudy.unfinished, userId);
  return useMutation({
    mutationFn: (sessionId: string) => callApi(focusedStudyApi.discardSession, { params: { sessionId } }),
    onSettled: () => refresh(),
  });
}
