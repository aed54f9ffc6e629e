import { useMutation } from '@tanstack/react-query';
import { attemptsApi } from '@shared/contract/attempts';
import { callApi } from '@web/lib/api-client';

/** `PATCH /api/quiz-attempts/{id}/rating`: the player's stars for the quiz they just played. */
export const rateAttempt = ({ attemptId, rating }: { attemptId: string; rating: number }) =>
  callApi(attemptsApi.rate, { params: { id: attemptId }, body: { rating } });

export function useRateAttempt() {
  return useMutation({ mutationFn: rateAttempt });
}
