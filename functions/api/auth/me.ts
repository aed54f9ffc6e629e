import { httpHandler } from '../../lib/http-handler';
import { toCurrentUser } from '../../users/user';

/** `GET /api/auth/me`: the signed-in user; 401 when signed out (the access level answers that). */
export const handler = httpHandler({
  route: 'GET /api/auth/me',
  handle: async ({ user }) => ({ body: toCurrentUser(user) }),
});
