import { COOKIE_NAMES } from '@shared/api';
import type { HttpMiddleware, Identify, Principal, SessionInfo } from './types';

/** The caller behind the session cookie, as the handler layer's `identify` finds them. */
export const identifyCaller = (identify: Identify<Principal, SessionInfo>): HttpMiddleware => ({
  before: async (request) => {
    const state = request.context.state;
    const sessionId = state.cookies.get(COOKIE_NAMES.session);
    if (!sessionId) return;
    const identity = await identify(sessionId, state.route.access);
    if (!identity) return;
    state.session = identity.session;
    state.user = identity.user;
  },
});
