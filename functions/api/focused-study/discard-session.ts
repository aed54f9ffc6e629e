import { focusedStudyApi } from '@shared/contract/focused-study';
import { discardRun } from '../../focused-study/run';
import { httpHandler } from '../http';

/** `DELETE /api/focused-study/sessions/{sessionId}`: an unfinished run ended early is discarded (docs/spec/multiplayer-membership-study.md §4). */
export const handler = httpHandler(focusedStudyApi.discardSession, async ({ user, params }) => ({
  body: await discardRun(user.id, params.sessionId),
}));
