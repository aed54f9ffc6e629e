import { focusedStudyApi } from '@shared/contract/focused-study';
import { latestRun } from '../../focused-study/run';
import { httpHandler } from '../http';

/** `GET /api/focused-study/latest-session`: the last completed run (completedAt, score, questions), or null. */
export const handler = httpHandler(focusedStudyApi.latestSession, async ({ user }) => ({
  body: await latestRun(user.id),
}));
