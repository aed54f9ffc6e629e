import { learningApi } from '@shared/contract/learning';
import { answerReview } from '../../learning/review';
import { httpHandler } from '../http';

/** `POST /api/review/answer`: a review answer checked, its SM-2 step written (mastered after three right in a row). */
export const handler = httpHandler(learningApi.reviewAnswer, async ({ user, body }) => ({
  body: await answerReview(user, body),
}));
