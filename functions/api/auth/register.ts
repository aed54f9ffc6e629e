import { ACCOUNT_MESSAGES } from '@shared/account-messages';
import { register } from '../../accounts/auth';
import { accountsApi } from '@shared/contract/accounts';
import { httpHandler } from '../http';
import { requestOrigin } from '../request-origin';
import { endRequestSession } from '../../sessions/session';
import { toCurrentUser } from '../../users/user-policy';

/** `POST /api/auth/register`: creates the account (unique username and e-mail) and signs it in. */
export const handler = httpHandler(accountsApi.register, async ({ body, cookies, event }) => {
  const { user, cookies: sessionCookies } = await register(body, requestOrigin(event));
  await endRequestSession(cookies);
  return {
    status: 201,
    body: { user: toCurrentUser(user), message: ACCOUNT_MESSAGES.registered },
    cookies: sessionCookies,
  };
});
