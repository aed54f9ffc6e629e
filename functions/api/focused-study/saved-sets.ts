import { focusedStudyApi } from '@shared/contract/focused-study';
import { listSavedSets } from '../../focused-study/saved-set';
import { httpHandler } from '../http';

/** `GET /api/focused-study/saved-question-sets`: the member's saved sets with their questions. */
export const handler = httpHandler(focusedStudyApi.savedSets, async ({ user }) => ({
  body: await listSavedSets(user.id),
}));
