import { focusedStudyApi } from '@shared/contract/focused-study';
import { updateQuestionSet } from '../../focused-study/saved-set';
import { httpHandler } from '../http';

/** `PUT /api/focused-study/saved-question-sets/{setId}`: title and description. */
export const handler = httpHandler(focusedStudyApi.updateSet, async ({ user, params, body }) => ({
  body: await updateQuestionSet(user.id, params.setId, body),
}));
