import * as z from 'zod';
import { verifyAdminLogin } from '../../accounts/auth';
import { COOKIE_NAMES } from '@shared/api';
import { httpHandler } from '../../lib/http-handler';
import { endSession } from '../../sessions/session';
import { toCurrentUser } from '../../users/user';

/** `GET /api/auth/verify-admin-token?token=`: completes an administrator's sign-in from the e-mailed link. */
export const handler = httpHandler({
  route: 'GET /api/auth/verify-admin-token',
  query: z.object({
    token: z
      .string({ error: '認証トークンが見つかりません。' })
      .trim()
      .min(1, '認証トークンが見つかりません。')
      .max(200, '認証に失敗しました'),
  }),
  handle: async ({ query, cookies: requestCookies }) => {
    const { user, cookies } = await verifyAdminLogin(query.token);
    // Rotate: the session the browser had before ends.
    const previous = requestCookies.get(COOKIE_NAMES.session);
    if (previous) await endSession(previous);
    return { body: { user: toCurrentUser(user), message: 'ログインしました' }, cookies };
  },
});
