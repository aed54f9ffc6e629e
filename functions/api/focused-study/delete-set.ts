import { FOCUSED_STUDY_MESSAGES } from '@shared/focused-study';
import { focusedStudyApi } from '@shared/contract/focused-study';
import { deleteQuestionSet } from '../../focused-study/saved-set';
import { httpHandler } from '../http';

/** `DELETE /api/focused-study/saved-question-sets/{setId}`. */
export const handler = httpHandler(focusedStudyApi.deleteSet, async ({ user, params }) => {
  await deleteQuestionSet(user.id, params.setId);
  return { body: { message: FOCUSED_STUDY_MESSAGES.setDeleted } };
});
