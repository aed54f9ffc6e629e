import { learningApi } from '@shared/contract/learning';
import { startReviewSession } from '../../learning/review';
import { httpHandler } from '../http';

/**
 * `POST /api/review/session`: up to 20 due questions (of one category when `category` is given),
 * without their answers (404 when none is due).
 */
export const handler = httpHandler(learningApi.reviewSession, async ({ user, body }) => ({
  body: await startReviewSession(user, body),
}));
