import { useMutation, useQueryClient } from '@tanstack/react-query';
import { focusedStudyApi } from '@shared/contract/focused-study';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** The server's starts: today's questions, new questions, or a review. */
export type StartKind = 'start' | 'new' | 'review';

/**
 * `POST /api/focused-study/start-session`, `…/generate-new-questions` or `…/start-review-session`;
 * `replacing` names the unfinished run the member chose to discard (「新しく始める」).
 */
export const startStudyRun = ({ kind, replacing }: { kind: StartKind; replacing?: string }) =>
  callApi(
    kind === 'start'
      ? focusedStudyApi.startSession
      : kind === 'new'
        ? focusedStudyApi.generateNewQuestions
        : focusedStudyApi.startReviewSession,
    { body: replacing ? { replacing } : {} },
  );

/**
 * Starting a study run uses an AI generation: the usage figure is refreshed either way, and so is
 * the unfinished run (the new one, or one another tab started that the server answered 409 for).
 */
export function useStartStudyRun(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startStudyRun,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.aiUsage(userId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.focusedStudy.unfinished(userId) }),
      ]),
  });
}
