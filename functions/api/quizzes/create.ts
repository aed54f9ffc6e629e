import { QUIZ_MESSAGES } from '@shared/quizzes';
import { quizzesApi } from '@shared/contract/quizzes';
import { httpHandler } from '../http';
import { createQuiz } from '../../quizzes/quiz';
import { toSummary } from '../../quizzes/quiz-policy';
import { withQuizTags } from '../../tags/tag';

/** `POST /api/quizzes`: within the creation quota (3 free / 100 advanced); private needs advanced membership. */
export const handler = httpHandler(quizzesApi.create, async ({ body, user }) => ({
  status: 201,
  body: { ...(await withQuizTags(await createQuiz(user, body), toSummary)), message: QUIZ_MESSAGES.created },
}));
