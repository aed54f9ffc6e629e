import { QUIZ_MESSAGES } from '@shared/quizzes';
import { quizzesApi } from '@shared/contract/quizzes';
import { httpHandler } from '../http';
import { reportQuiz } from '../../quizzes/report';

/** `POST /api/quizzes/{id}/report`: one pending report per person per quiz; the reporter is the session's user. */
export const handler = httpHandler(quizzesApi.report, async ({ params, body, user }) => {
  const report = await reportQuiz(user, params.id, { reason: body.reason, details: body.details });
  return { status: 201, body: { id: report.id, message: QUIZ_MESSAGES.reported } };
});
