import { COOKIE_NAMES } from '@shared/api';
import { getConfig } from '../lib/config';
import { serializeCookie } from '../lib/cookies';
import { randomToken } from '../lib/random-token';
import { deleteItems, type ItemKey } from '../data/batch';
import { db } from '../data/db';
import { queryOwned } from '../data/owned';
import { ttlFromDate } from '../data/table';
import { transactWrite } from '../data/transact';
import { closeConnections } from '../connections/connection';
import { accountGuard } from '../users/user-store';
import { SessionKeys, sessionKey } from './session-keys';

/**
 * Sessions: an opaque random id (256 bits) in the HttpOnly `sid` cookie; the table stores only its
 * SHA-256, so a leaked table read cannot be replayed as a cookie.
 * Item: `pk = SESSION#<hash>`, `sk = SESSION`, owned by the user (`gsi2pk = USER#<userId>`), so all
 * of a user's sessions can be ended at once (password reset, ban, deletion). Ending a session
 * also closes the WebSocket connections opened with it.
 */
const SESSION_DAYS = 7;

export interface SessionItem {
  pk: string;
  sk: 'SESSION';
  userId: string;
  /** CSRF token bound to this session, sent back in `X-CSRF-Token`. */
  csrfToken: string;
  createdAt: string;
  expiresAt: string;
  ttl: number;
  gsi2pk: string;
  gsi2sk: string;
}

/** A new random token (session id, CSRF token), URL-safe. */
export { randomToken };

/** The live session for a cookie value, or undefined (unknown or expired: expiry is checked here, not left to TTL). */
export async function findSession(sessionId: string, now = new Date()): Promise<SessionItem | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(sessionId)) return undefined;
  return findSessionByKey(sessionKey(sessionId).pk, now);
}

/** The live session stored under `pk` (a WebSocket connection keeps its session's key). */
export async function findSessionByKey(pk: string, now = new Date()): Promise<SessionItem | undefined> {
  const result = await db.get({ Key: { pk, sk: SessionKeys.sk() } });
  const session = result.Item as SessionItem | undefined;
  if (!session || new Date(session.expiresAt).getTime() <= now.getTime()) return undefined;
  return session;
}

/** Starts a session; answers the cookies that carry it (session id, its CSRF token, and the page's hint that it is there). */
export async function startSession(userId: string, now = new Date()) {
  const sessionId = randomToken();
  const csrfToken = randomToken();
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
  const session: SessionItem = {
    ...sessionKey(sessionId),
    userId,
    csrfToken,
    createdAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
    ttl: ttlFromDate(expiresAt),
    ...SessionKeys.owner({ userId, createdAt: now.toISOString() }),
  };
  await transactWrite([accountGuard(userId), { Put: { Item: session } }]);
  const secure = getConfig().secureCookies;
  const maxAge = SESSION_DAYS * 86_400;
  return {
    session,
    cookies: [
      serializeCookie(COOKIE_NAMES.session, sessionId, { httpOnly: true, secure, maxAge }),
      serializeCookie(COOKIE_NAMES.csrf, csrfToken, { httpOnly: false, secure, maxAge }),
      serializeCookie(COOKIE_NAMES.signedIn, '1', { httpOnly: false, secure, maxAge }),
    ],
  };
}

/** Ends one session and closes the sockets opened with it. */
async function endSession(sessionId: string): Promise<void> {
  const key = sessionKey(sessionId);
  const removed = await db.delete({ Key: key, ReturnValues: 'ALL_OLD' });
  const userId = (removed.Attributes as SessionItem | undefined)?.userId;
  if (userId) await closeConnections(userId, key.pk);
}

/**
 * Ends the session a request's cookies carry, if any: at logout, and on every sign-in so the
 * session id is rotated (no session fixation).
 */
export async function endRequestSession(cookies: Map<string, string>): Promise<void> {
  const sessionId = cookies.get(COOKIE_NAMES.session);
  if (sessionId) await endSession(sessionId);
}

/** Cookies that sign the browser out and give it a fresh pre-session CSRF token. */
export function signedOutCookies(): string[] {
  const secure = getConfig().secureCookies;
  return [
    serializeCookie(COOKIE_NAMES.session, '', { httpOnly: true, secure, maxAge: 0 }),
    serializeCookie(COOKIE_NAMES.csrf, randomToken(), { httpOnly: false, secure }),
    serializeCookie(COOKIE_NAMES.signedIn, '', { httpOnly: false, secure, maxAge: 0 }),
  ];
}

/** Ends every session of a user and closes all their sockets (password reset, ban, account deletion). Returns how many. */
export async function endAllSessions(userId: string): Promise<number> {
  const sessions = await queryOwned<ItemKey>(userId, SessionKeys, { projection: 'pk, sk' });
  await deleteItems(sessions);
  await closeConnections(userId);
  return sessions.length;
}
