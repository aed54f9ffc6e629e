import { useMutation } from '@tanstack/react-query';
import { learningApi } from '@shared/contract/learning';
import { callApi } from '@web/lib/api-client';

/** `POST /api/review/session`: up to 20 due questions, without their answers. */
export const startReviewSession = () => callApi(learningApi.reviewSession);

export function useStartReviewSession() {
  return useMutation({ mutationFn: startReviewSession });
}
