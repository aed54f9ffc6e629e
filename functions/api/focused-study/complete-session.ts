import { focusedStudyApi } from '@shared/contract/focused-study';
import { completeRun } from '../../focused-study/run';
import { httpHandler } from '../http';

/**
 * `POST /api/focused-study/complete-session`: sessionId, answers, and the questions of a `temp_`,
 * `retry-` or `saved_` run; answers the score, totalQuestions and accuracy, checked on the server.
 */
export const handler = httpHandler(focusedStudyApi.completeSession, async ({ user, body }) => ({
  body: await completeRun(user.id, body),
}));
