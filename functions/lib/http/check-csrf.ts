import { timingSafeEqual } from 'node:crypto';
import { COOKIE_NAMES, CSRF_HEADER, SAFE_METHODS } from '@shared/api';
import { MESSAGES } from '@shared/messages';
import { ForbiddenError } from '../errors';
import type { HttpMiddleware } from './types';

const sameToken = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Double-submit token (cookie = header), bound to the session once one exists, and no foreign Origin. */
export const checkCsrf: HttpMiddleware = {
  before: (request) => {
    const state = request.context.state;
    const method = request.event.requestContext.http.method.toUpperCase();
    if ((SAFE_METHODS as readonly string[]).includes(method)) return;
    // A server-to-server route (Stripe's webhook) proves itself by a signature instead.
    if (state.route.csrf === false) return;
    const origin = state.headers.origin;
    if (origin && origin !== new URL(state.config.appUrl).origin)
      throw new ForbiddenError(MESSAGES.csrfRejected);
    const header = state.headers[CSRF_HEADER.toLowerCase()] ?? '';
    const cookie = state.cookies.get(COOKIE_NAMES.csrf) ?? '';
    if (!header || !cookie || !sameToken(header, cookie)) throw new ForbiddenError(MESSAGES.csrfRejected);
    if (state.session && !sameToken(header, state.session.csrfToken))
      throw new ForbiddenError(MESSAGES.csrfRejected);
  },
};
