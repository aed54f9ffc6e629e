import { focusedStudyApi } from '@shared/contract/focused-study';
import { startStudyRun } from '../../focused-study/run';
import { httpHandler } from '../http';

/**
 * `POST /api/focused-study/start-session`: AI questions from the member's materials, by their
 * settings; `replacing` names the unfinished run it discards (else 409 while one is unfinished).
 */
export const handler = httpHandler(focusedStudyApi.startSession, async ({ user, body, log, deadline }) => ({
  status: 201,
  body: await startStudyRun(user, { fresh: false, replacing: body.replacing }, { log, deadline }),
}));
