import { httpHandler } from '../../lib/http-handler';
import { userStats } from '../../progress/activity';

/** `GET /api/user/stats`: quizzesCreated, quizzesCompleted, averageScore, totalPoints, proLastPaidAt. */
export const handler = httpHandler({
  route: 'GET /api/user/stats',
  handle: async ({ user }) => ({ body: await userStats(user) }),
});
