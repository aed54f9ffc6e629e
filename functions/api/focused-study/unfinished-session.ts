import { focusedStudyApi } from '@shared/contract/focused-study';
import { unfinishedSession } from '../../focused-study/session';
import { httpHandler } from '../http';

/** `GET /api/focused-study/unfinished-session`: the session to resume, with the answers given so far, or null. */
export const handler = httpHandler(focusedStudyApi.unfinishedSession, async ({ user }) => ({
  body: await unfinishedSession(user.id),
}));
