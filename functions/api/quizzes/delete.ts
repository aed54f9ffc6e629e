import { QUIZ_MESSAGES } from '@shared/quizzes';
import { quizIdParamsSchema } from '@shared/quiz-queries';
import { httpHandler } from '../../lib/http-handler';
import { deleteQuiz } from '../../quizzes/quiz';

/** `DELETE /api/quizzes/{id}`: the author deletes the quiz and everything related to it. */
export const handler = httpHandler({
  route: 'DELETE /api/quizzes/{id}',
  params: quizIdParamsSchema,
  handle: async ({ params, user }) => {
    await deleteQuiz(user, params.id);
    return { body: { message: QUIZ_MESSAGES.deleted } };
  },
});
