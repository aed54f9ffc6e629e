import { useMutation, useQueryClient } from '@tanstack/react-query';
import { focusedStudyApi } from '@shared/contract/focused-study';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** The server's starts: today's questions, new questions, or a review. */
export type StartKind = 'start' | 'new' | 'review';

/**
 * Starting a study run uses an AI generation: the usage figure is refreshed either way, and so is
 * the unfinished run (the new one, or one another tab started that the server answered 409 for).
 * `replacing` names the unfinished run the member chose to discard (「新しく始める」).
 */
export function useStartStudyRun(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, replacing }: { kind: StartKind; replacing?: string }) =>
      callApi(
        kind === 'start'
          ? focusedStudyApi.startSession
          : kind === 'new'
            ? focusedStudyApi.generateNewQuestions
            : focusedStudyApi.startReviewSession,
        { body: replacing ? { replacing } : {} },
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.aiUsage(userId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.focusedStudy.unfinished(userId) }),
      ]),
  });
}
