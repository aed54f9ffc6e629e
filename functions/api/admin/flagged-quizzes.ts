import { flaggedQuizzes } from '../../admin/moderation';
import { httpHandler } from '../../lib/http-handler';

/** `GET /api/admin/flagged-quizzes`: quizzes with pending reports, each with its 3 most recent reports. */
export const handler = httpHandler({
  route: 'GET /api/admin/flagged-quizzes',
  handle: async () => ({ body: await flaggedQuizzes() }),
});
