import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttemptInput } from '@shared/attempts';
import { attemptsApi } from '@shared/contract/attempts';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `POST /api/quizzes/{id}/attempt`: the finished play. */
export const saveAttempt = ({ quizId, ...attempt }: AttemptInput & { quizId: string }) =>
  callApi(attemptsApi.save, { params: { id: quizId }, body: attempt });

/** Saves the play; the quiz lists (and the profile's) are read again. */
export function useSaveAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAttempt,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.quizzes.all }),
  });
}
