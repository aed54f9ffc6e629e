import { focusedStudyApi } from '@shared/contract/focused-study';
import { updateSetQuestion } from '../../focused-study/saved-set';
import { httpHandler } from '../http';

/** `PUT …/saved-question-sets/{setId}/questions/{questionId}`: text, options and explanation of one question. */
export const handler = httpHandler(focusedStudyApi.updateSetQuestion, async ({ user, params, body }) => ({
  body: await updateSetQuestion(user.id, params, body),
}));
