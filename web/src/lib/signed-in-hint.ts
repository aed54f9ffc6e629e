import { readCookie } from './cookies';

/**
 * The cookie a sign-in sets beside the session and a sign-out clears (`COOKIE_NAMES.signedIn` in
 * shared/api.ts, which the first-load script cannot import without Zod; a test checks they are the
 * same). Not a credential: it only tells the first-load script (first-load.ts) that a member's reads
 * are worth asking for before `/api/auth/me` has answered.
 */
export const SIGNED_IN_HINT_COOKIE = 'signed_in';

/** Whether this browser holds the hint. */
export const hintsSignedIn = () => readCookie(SIGNED_IN_HINT_COOKIE) === '1';

/**
 * Drops the hint once `/api/auth/me` says nobody is signed in (a session that ended on the server,
 * by its age, a password reset or a ban), so the next first load does not ask for reads in vain.
 */
export function forgetSignedInHint(): void {
  if (hintsSignedIn()) document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
