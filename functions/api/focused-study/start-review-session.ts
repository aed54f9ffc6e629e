import { focusedStudyApi } from '@shared/contract/focused-study';
import { startReviewSession } from '../../focused-study/session';
import { httpHandler } from '../http';

/** `POST /api/focused-study/start-review-session`: a session of the questions due for review today. */
export const handler = httpHandler(focusedStudyApi.startReviewSession, async ({ user, body, log }) => ({
  status: 201,
  body: await startReviewSession(user.id, body.replacing, log),
}));
