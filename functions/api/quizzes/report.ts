import { QUIZ_MESSAGES } from '@shared/quizzes';
import { reportSchema } from '@shared/quiz-schemas';
import { quizIdParamsSchema } from '@shared/quiz-queries';
import { httpHandler } from '../../lib/http-handler';
import { reportQuiz } from '../../quizzes/report';

/** `POST /api/quizzes/{id}/report`: one pending report per person per quiz; the reporter is the session's user. */
export const handler = httpHandler({
  route: 'POST /api/quizzes/{id}/report',
  params: quizIdParamsSchema,
  body: reportSchema,
  handle: async ({ params, body, user }) => {
    const report = await reportQuiz(user, params.id, { reason: body.reason, details: body.details });
    return { status: 201, body: { id: report.id, message: QUIZ_MESSAGES.reported } };
  },
});
