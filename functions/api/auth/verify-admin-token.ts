import { ACCOUNT_MESSAGES } from '@shared/account-messages';
import { accountsApi } from '@shared/contract/accounts';
import { verifyAdminLogin } from '../../accounts/auth';
import { endRequestSession } from '../../sessions/session';
import { toCurrentUser } from '../../users/user-policy';
import { httpHandler } from '../http';

/** `GET /api/auth/verify-admin-token?token=`: completes an administrator's sign-in from the e-mailed link. */
export const handler = httpHandler(
  accountsApi.verifyAdminToken,
  async ({ query, cookies: requestCookies }) => {
    const { user, cookies } = await verifyAdminLogin(query.token);
    await endRequestSession(requestCookies);
    return { body: { user: toCurrentUser(user), message: ACCOUNT_MESSAGES.loggedIn }, cookies };
  },
);
