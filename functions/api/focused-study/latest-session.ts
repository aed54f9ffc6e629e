import { focusedStudyApi } from '@shared/contract/focused-study';
import { latestSession } from '../../focused-study/session';
import { httpHandler } from '../http';

/** `GET /api/focused-study/latest-session`: the last completed session (completedAt, score, questions), or null. */
export const handler = httpHandler(focusedStudyApi.latestSession, async ({ user }) => ({
  body: await latestSession(user.id),
}));
