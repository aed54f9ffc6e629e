import { usageLimit } from '../../ai/usage';
import { httpHandler } from '../../lib/http-handler';

/** `GET /api/ai/usage-limit`: canUse, remaining, total (3 free / 200 advanced a day) and the next reset. */
export const handler = httpHandler({
  route: 'GET /api/ai/usage-limit',
  handle: async ({ user }) => ({ body: await usageLimit(user) }),
});
