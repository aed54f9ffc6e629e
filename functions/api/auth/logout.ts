import { ACCOUNT_MESSAGES } from '@shared/account-messages';
import { accountsApi } from '@shared/contract/accounts';
import { httpHandler } from '../http';
import { endRequestSession, signedOutCookies } from '../../sessions/session';

/** `POST /api/auth/logout`: ends the session and clears its cookies (harmless when signed out). */
export const handler = httpHandler(accountsApi.logout, async ({ cookies }) => {
  await endRequestSession(cookies);
  return { body: { message: ACCOUNT_MESSAGES.loggedOut }, cookies: signedOutCookies() };
});
