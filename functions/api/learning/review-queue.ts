import { learningApi } from '@shared/contract/learning';
import { reviewQueue } from '../../learning/review';
import { httpHandler } from '../http';

/** `GET /api/review/queue`: the member's review of mistakes, due today and queued. */
export const handler = httpHandler(learningApi.reviewQueue, async ({ user }) => ({
  body: await reviewQueue(user),
}));
