import { ACCOUNT_MESSAGES } from '@shared/accounts';
import { COOKIE_NAMES } from '@shared/api';
import { httpHandler } from '../../lib/http-handler';
import { endSession, signedOutCookies } from '../../sessions/session';

/** `POST /api/auth/logout`: ends the session and clears its cookies (harmless when signed out). */
export const handler = httpHandler({
  route: 'POST /api/auth/logout',
  handle: async ({ cookies }) => {
    const sessionId = cookies.get(COOKIE_NAMES.session);
    if (sessionId) await endSession(sessionId);
    return { body: { message: ACCOUNT_MESSAGES.loggedOut }, cookies: signedOutCookies() };
  },
});
