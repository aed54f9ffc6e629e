import { focusedStudyApi } from '@shared/contract/focused-study';
import { startStudySession } from '../../study/session';
import { httpHandler } from '../http';

/** `POST /api/focused-study/start-session`: AI questions from the member's materials, by their settings. */
export const handler = httpHandler(focusedStudyApi.startSession, async ({ user, log, deadline }) => ({
  status: 201,
  body: await startStudySession(user, { fresh: false }, { log, deadline }),
}));
