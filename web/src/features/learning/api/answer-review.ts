import { useMutation } from '@tanstack/react-query';
import { learningApi } from '@shared/contract/learning';
import type { ReviewAnswerInput } from '@shared/learning';
import { callApi } from '@web/lib/api-client';

/** `POST /api/review/answer`: right or wrong, the right answer, the explanation, the next review day. */
export const answerReview = (answer: ReviewAnswerInput) =>
  callApi(learningApi.reviewAnswer, { body: answer });

/** Answers one review question (the records are read again when the session ends). */
export function useAnswerReview() {
  return useMutation({ mutationFn: answerReview });
}
