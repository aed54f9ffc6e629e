import { focusedStudyApi } from '@shared/contract/focused-study';
import { discardSession } from '../../focused-study/session';
import { httpHandler } from '../http';

/** `DELETE /api/focused-study/sessions/{sessionId}`: an unfinished session ended early is discarded (§4). */
export const handler = httpHandler(focusedStudyApi.discardSession, async ({ user, params }) => ({
  body: await discardSession(user.id, params.sessionId),
}));
