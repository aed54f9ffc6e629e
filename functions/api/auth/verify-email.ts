import { verifyEmailSchema } from '@shared/accounts';
import { completeEmailRegistration } from '../../accounts/auth';
import { httpHandler } from '../../lib/http-handler';
import { endRequestSession } from '../../sessions/session';
import { toCurrentUser } from '../../users/user';

/** `POST /api/auth/verify-email`: completes an e-mail registration and signs the new member in. */
export const handler = httpHandler({
  route: 'POST /api/auth/verify-email',
  body: verifyEmailSchema,
  handle: async ({ body, cookies: requestCookies }) => {
    const { user, cookies } = await completeEmailRegistration(body);
    await endRequestSession(requestCookies);
    return { status: 201, body: { user: toCurrentUser(user), message: '登録が完了しました' }, cookies };
  },
});
