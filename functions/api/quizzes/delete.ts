import { QUIZ_MESSAGES } from '@shared/quizzes';
import { quizzesApi } from '@shared/contract/quizzes';
import { httpHandler } from '../http';
import { deleteQuiz } from '../../quizzes/quiz';

/** `DELETE /api/quizzes/{id}`: the author deletes the quiz and everything related to it. */
export const handler = httpHandler(quizzesApi.delete, async ({ params, user }) => {
  await deleteQuiz(user, params.id);
  return { body: { message: QUIZ_MESSAGES.deleted } };
});
