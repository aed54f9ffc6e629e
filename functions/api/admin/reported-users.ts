import { reportedUsers } from '../../admin/moderation';
import { httpHandler } from '../../lib/http-handler';

/** `GET /api/admin/reported-users`: authors whose quizzes were reported, with counts and penalties. */
export const handler = httpHandler({
  route: 'GET /api/admin/reported-users',
  handle: async () => ({ body: await reportedUsers() }),
});
