import { useMutation, useQueryClient } from '@tanstack/react-query';
import { focusedStudyApi } from '@shared/contract/focused-study';
import type { CompleteRunInput } from '@shared/focused-study';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `POST /api/focused-study/complete-session`: the answers (and a page-held run's questions); the answer is the result. */
export const completeStudyRun = (input: CompleteRunInput) =>
  callApi(focusedStudyApi.completeSession, { body: input });

/** Completes a run; the latest run, the review queue and the unfinished run are read again. */
export function useCompleteStudyRun(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeStudyRun,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.focusedStudy.latest(userId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.focusedStudy.reviews(userId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.focusedStudy.unfinished(userId) }),
      ]),
  });
}
