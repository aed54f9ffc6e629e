import { ACCOUNT_MESSAGES } from '@shared/accounts';
import { httpHandler } from '../../lib/http-handler';
import { endRequestSession, signedOutCookies } from '../../sessions/session';

/** `POST /api/auth/logout`: ends the session and clears its cookies (harmless when signed out). */
export const handler = httpHandler({
  route: 'POST /api/auth/logout',
  handle: async ({ cookies }) => {
    await endRequestSession(cookies);
    return { body: { message: ACCOUNT_MESSAGES.loggedOut }, cookies: signedOutCookies() };
  },
});
