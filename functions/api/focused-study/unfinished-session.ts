import { focusedStudyApi } from '@shared/contract/focused-study';
import { unfinishedRun } from '../../focused-study/run';
import { httpHandler } from '../http';

/** `GET /api/focused-study/unfinished-session`: the run to resume, with the answers given so far, or null. */
export const handler = httpHandler(focusedStudyApi.unfinishedSession, async ({ user }) => ({
  body: await unfinishedRun(user.id),
}));
