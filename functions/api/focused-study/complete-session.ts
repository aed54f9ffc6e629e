import { focusedStudyApi } from '@shared/contract/focused-study';
import { completeSession } from '../../focused-study/session';
import { httpHandler } from '../http';

/**
 * `POST /api/focused-study/complete-session`: sessionId, answers, and the questions of a `temp_`,
 * `retry-` or `saved_` session; answers the score, totalQuestions and accuracy, checked on the server.
 */
export const handler = httpHandler(focusedStudyApi.completeSession, async ({ user, body }) => ({
  body: await completeSession(user.id, body),
}));
