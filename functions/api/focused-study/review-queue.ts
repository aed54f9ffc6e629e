import { focusedStudyApi } from '@shared/contract/focused-study';
import { reviewQueueSummary } from '../../learning/review-store';
import { httpHandler } from '../http';

/** `GET /api/focused-study/review-queue`: questions due for review today, scheduled, and the next day. */
export const handler = httpHandler(focusedStudyApi.reviewQueue, async ({ user }) => ({
  body: await reviewQueueSummary(user.id),
}));
