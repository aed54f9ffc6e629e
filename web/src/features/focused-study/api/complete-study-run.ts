import { useMutation, useQueryClient } from '@tanstack/react-query';
import { focusedStudyApi } from '@shared/contract/focused-study';
import type { CompleteSessionInput, StudyAnswer, StudyQuestion } from '@shared/focused-study';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `POST /api/focused-study/complete-session`: the answers (and a page-held run's questions), then the result. */
export function useCompleteStudyRun(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      sessionId: string;
      answers: Record<string, StudyAnswer>;
      questions?: StudyQuestion[];
    }) => callApi(focusedStudyApi.completeSession, { body: input satisfies CompleteSessionInput }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.focusedStudy.latest(userId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.focusedStudy.reviews(userId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.focusedStudy.unfinished(userId) }),
      ]),
  });
}
