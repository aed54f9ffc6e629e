import { httpHandler } from '../../lib/http-handler';
import { listOwnQuizzes, toSummary } from '../../quizzes/quiz';

/** `GET /api/my-quizzes`: the signed-in author's quizzes, hidden and private ones included. */
export const handler = httpHandler({
  route: 'GET /api/my-quizzes',
  handle: async ({ user }) => ({ body: (await listOwnQuizzes(user.id)).map(toSummary) }),
});
