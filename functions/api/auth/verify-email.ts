import { ACCOUNT_MESSAGES } from '@shared/account-messages';
import { completeEmailRegistration } from '../../accounts/auth';
import { accountsApi } from '@shared/contract/accounts';
import { httpHandler } from '../http';
import { endRequestSession } from '../../sessions/session';
import { toCurrentUser } from '../../users/user-policy';

/** `POST /api/auth/verify-email`: completes an e-mail registration and signs the new member in. */
export const handler = httpHandler(accountsApi.verifyEmail, async ({ body, cookies: requestCookies }) => {
  const { user, cookies } = await completeEmailRegistration(body);
  await endRequestSession(requestCookies);
  return {
    status: 201,
    body: { user: toCurrentUser(user), message: ACCOUNT_MESSAGES.registrationDone },
    cookies,
  };
});
