import { QUIZ_MESSAGES } from '@shared/quizzes';
import { updateQuizSchema } from '@shared/quiz-schemas';
import { quizIdParamsSchema } from '@shared/quiz-queries';
import { httpHandler } from '../../lib/http-handler';
import { toSummary, updateQuiz } from '../../quizzes/quiz';

/** `PUT /api/quizzes/{id}`: the author replaces the quiz and its questions; the edit is recorded. */
export const handler = httpHandler({
  route: 'PUT /api/quizzes/{id}',
  params: quizIdParamsSchema,
  body: updateQuizSchema,
  handle: async ({ params, body, user }) => ({
    body: { ...toSummary(await updateQuiz(user, params.id, body)), message: QUIZ_MESSAGES.updated },
  }),
});
