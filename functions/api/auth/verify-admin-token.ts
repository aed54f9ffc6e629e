import * as z from 'zod';
import { verifyAdminLogin } from '../../accounts/auth';
import { httpHandler } from '../../lib/http-handler';
import { endRequestSession } from '../../sessions/session';
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
    await endRequestSession(requestCookies);
    return { body: { user: toCurrentUser(user), message: 'ログインしました' }, cookies };
  },
});
