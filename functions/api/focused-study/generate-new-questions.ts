import { focusedStudyApi } from '@shared/contract/focused-study';
import { startStudyRun } from '../../focused-study/run';
import { httpHandler } from '../http';

/** `POST /api/focused-study/generate-new-questions`: a new run whose questions avoid the latest run's. */
export const handler = httpHandler(
  focusedStudyApi.generateNewQuestions,
  async ({ user, body, log, deadline }) => ({
    status: 201,
    body: await startStudyRun(user, { fresh: true, replacing: body.replacing }, { log, deadline }),
  }),
);
