import { focusedStudyApi } from '@shared/contract/focused-study';
import { saveProgress } from '../../focused-study/run';
import { httpHandler } from '../http';

/** `PUT /api/focused-study/sessions/{sessionId}/progress`: the answers given so far and the question reached. */
export const handler = httpHandler(focusedStudyApi.saveProgress, async ({ user, params, body }) => ({
  body: await saveProgress(user.id, params.sessionId, body),
}));
