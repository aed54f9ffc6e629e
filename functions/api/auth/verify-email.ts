import { verifyEmailSchema } from '@shared/accounts';
import { completeEmailRegistration } from '../../accounts/auth';
import { COOKIE_NAMES } from '@shared/api';
import { httpHandler } from '../../lib/http-handler';
import { endSession } from '../../sessions/session';
import { toCurrentUser } from '../../users/user';

/** `POST /api/auth/verify-email`: completes an e-mail registration and signs the new member in. */
export const handler = httpHandler({
  route: 'POST /api/auth/verify-email',
  body: verifyEmailSchema,
  handle: async ({ body, cookies: requestCookies }) => {
    const { user, cookies } = await completeEmailRegistration(body);
    // Rotate: the session the browser had before ends.
    const previous = requestCookies.get(COOKIE_NAMES.session);
    if (previous) await endSession(previous);
    return { status: 201, body: { user: toCurrentUser(user), message: '登録が完了しました' }, cookies };
  },
});
