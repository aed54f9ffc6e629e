import { focusedStudyApi } from '@shared/contract/focused-study';
import { startStudySession } from '../../focused-study/session';
import { httpHandler } from '../http';

/** `POST /api/focused-study/generate-new-questions`: a new session whose questions avoid the latest session's. */
export const handler = httpHandler(
  focusedStudyApi.generateNewQuestions,
  async ({ user, body, log, deadline }) => ({
    status: 201,
    body: await startStudySession(user, { fresh: true, replacing: body.replacing }, { log, deadline }),
  }),
);
