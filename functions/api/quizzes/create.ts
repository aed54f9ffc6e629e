import { QUIZ_MESSAGES } from '@shared/quizzes';
import { createQuizSchema } from '@shared/quiz-schemas';
import { httpHandler } from '../../lib/http-handler';
import { createQuiz, toSummary } from '../../quizzes/quiz';

/** `POST /api/quizzes`: within the creation quota (3 free / 100 advanced); private needs advanced membership. */
export const handler = httpHandler({
  route: 'POST /api/quizzes',
  body: createQuizSchema,
  handle: async ({ body, user }) => ({
    status: 201,
    body: { ...toSummary(await createQuiz(user, body)), message: QUIZ_MESSAGES.created },
  }),
});
