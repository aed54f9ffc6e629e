import { focusedStudyApi } from '@shared/contract/focused-study';
import { startReviewSession } from '../../study/session';
import { httpHandler } from '../http';

/** `POST /api/focused-study/start-review-session`: a session of the questions due for review today. */
export const handler = httpHandler(focusedStudyApi.startReviewSession, async ({ user, log }) => ({
  status: 201,
  body: await startReviewSession(user.id, log),
}));
