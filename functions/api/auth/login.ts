import { ACCOUNT_MESSAGES, loginSchema, type LoginResponse } from '@shared/accounts';
import { logIn } from '../../accounts/auth';
import { httpHandler } from '../../lib/http-handler';
import { endRequestSession } from '../../sessions/session';
import { toCurrentUser } from '../../users/user';
import { requestOrigin } from './request-origin';

/** `POST /api/auth/login`: a session for members; administrators get a confirmation e-mail first. */
export const handler = httpHandler({
  route: 'POST /api/auth/login',
  body: loginSchema,
  handle: async ({ body, cookies, event }) => {
    const result = await logIn(body, requestOrigin(event), cookies);
    if (result.kind === 'adminVerificationSent') {
      return {
        body: {
          user: null,
          needsEmailVerification: true,
          message: ACCOUNT_MESSAGES.adminVerificationSent,
        } satisfies LoginResponse,
        cookies: result.cookies,
      };
    }
    await endRequestSession(cookies);
    return {
      body: {
        user: toCurrentUser(result.user),
        needsEmailVerification: false,
        message: ACCOUNT_MESSAGES.loggedIn,
      } satisfies LoginResponse,
      cookies: result.cookies,
    };
  },
});
