import { focusedStudyApi } from '@shared/contract/focused-study';
import { startReviewRun } from '../../focused-study/run';
import { httpHandler } from '../http';

/** `POST /api/focused-study/start-review-session`: a run of the questions due for review today. */
export const handler = httpHandler(focusedStudyApi.startReviewSession, async ({ user, body, log }) => ({
  status: 201,
  body: await startReviewRun(user.id, body.replacing, log),
}));
