import { httpHandler } from '../../lib/http-handler';
import { userActivity } from '../../progress/activity';

/** `GET /api/user/activity`: the 5 latest activities and the last 10 quizzes played with their mistakes. */
export const handler = httpHandler({
  route: 'GET /api/user/activity',
  handle: async ({ user }) => ({ body: await userActivity(user) }),
});
