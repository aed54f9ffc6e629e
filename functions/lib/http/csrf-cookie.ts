import { COOKIE_NAMES } from '@shared/api';
import { serializeCookie } from '../cookies';
import { randomToken } from '../random-token';
import type { HttpMiddleware, HttpMiddyRequest } from './types';

function addCsrfCookie(request: HttpMiddyRequest) {
  const state = request.context.state;
  const response = request.response;
  if (!state || !response) return;
  const current = state.cookies.get(COOKIE_NAMES.csrf);
  const wanted = state.session?.csrfToken ?? current ?? randomToken();
  const alreadySet = (response.cookies ?? []).some((cookie) => cookie.startsWith(`${COOKIE_NAMES.csrf}=`));
  if (current === wanted || alreadySet) return;
  response.cookies = [
    ...(response.cookies ?? []),
    serializeCookie(COOKIE_NAMES.csrf, wanted, { httpOnly: false, secure: state.config.secureCookies }),
  ];
  // An answer that sets a cookie is this browser's own: a shared cache must not keep it for others
  // (a route that lets caches keep its answer, such as `GET /api/tags`, keeps it private here).
  const cacheControl = response.headers?.['cache-control'];
  if (typeof cacheControl === 'string' && /\bpublic\b/.test(cacheControl))
    response.headers = {
      ...response.headers,
      'cache-control': cacheControl.replace(/\bpublic\b/, 'private'),
    };
}

/** Issues the CSRF cookie on the first answer that lacks it (the SPA's first GET), bound to the session if any. */
export const csrfCookie: HttpMiddleware = {
  after: addCsrfCookie,
  onError: addCsrfCookie,
};
