import { focusedStudyApi } from '@shared/contract/focused-study';
import { saveQuestionSet } from '../../focused-study/saved-set';
import { httpHandler } from '../http';

/** `POST /api/focused-study/save-question-set`: questions, title (required), description, difficulty; at most 50 sets. */
export const handler = httpHandler(focusedStudyApi.saveSet, async ({ user, body }) => ({
  status: 201,
  body: await saveQuestionSet(user.id, body),
}));
