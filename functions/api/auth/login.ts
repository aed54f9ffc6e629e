import { ACCOUNT_MESSAGES } from '@shared/account-messages';
import { logIn } from '../../accounts/auth';
import { accountsApi } from '@shared/contract/accounts';
import { httpHandler } from '../http';
import { endRequestSession } from '../../sessions/session';
import { toCurrentUser } from '../../users/user-policy';
import { requestOrigin } from '../request-origin';

/** `POST /api/auth/login`: a session for members; administrators get a confirmation e-mail first. */
export const handler = httpHandler(accountsApi.login, async ({ body, cookies, event }) => {
  const result = await logIn(body, requestOrigin(event), cookies);
  if (result.kind === 'adminVerificationSent') {
    return {
      body: {
        user: null,
        needsEmailVerification: true,
        message: ACCOUNT_MESSAGES.adminVerificationSent,
      },
      cookies: result.cookies,
    };
  }
  await endRequestSession(cookies);
  return {
    body: {
      user: toCurrentUser(result.user),
      needsEmailVerification: false,
      message: ACCOUNT_MESSAGES.loggedIn,
    },
    cookies: result.cookies,
  };
});
