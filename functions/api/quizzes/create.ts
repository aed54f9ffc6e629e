import { QUIZ_MESSAGES } from '@shared/quizzes';
import { quizzesApi } from '@shared/contract/quizzes';
import { httpHandler } from '../http';
import { createQuiz } from '../../quizzes/quiz';
import { toSummary } from '../../quizzes/quiz-policy';

/** `POST /api/quizzes`: within the creation quota (3 free / 100 advanced); private needs advanced membership. */
export const handler = httpHandler(quizzesApi.create, async ({ body, user }) => ({
  status: 201,
  body: { ...toSummary(await createQuiz(user, body)), message: QUIZ_MESSAGES.created },
}));
