import { useMutation } from '@tanstack/react-query';
import { learningApi } from '@shared/contract/learning';
import { callApi } from '@web/lib/api-client';

/** `POST /api/review/session`: up to 20 due questions (of one category when given), without their answers. */
export const startReviewSession = (category?: string) =>
  callApi(learningApi.reviewSession, { body: category ? { category } : {} });

export function useStartReviewSession() {
  return useMutation({ mutationFn: startReviewSession });
}
