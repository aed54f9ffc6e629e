import { randomBytes } from 'node:crypto';
import { isUsable, looksLikeToken, tokenExpiresAt, type TokenKind } from './one-time-token-policy';
import { findToken, markUsed, putToken } from './one-time-token-store';

/**
 * One-time tokens sent by e-mail: pending registrations (24 h), password resets (1 h) and
 * administrator sign-ins (15 min). The link carries 256 random bits; the table keeps only their
 * SHA-256. A token is used at most once (conditional update on `isUsed`) and never after its expiry
 * (checked in the condition, not left to TTL). The rules are in one-time-token-policy.ts, the
 * items and conditions in one-time-token-store.ts.
 */

/** Issues a token; `ownerId` makes it part of that user's data (removed with the account). */
export async function issueToken<Data>(
  kind: TokenKind,
  data: Data,
  ownerId?: string,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await putToken(kind, token, data, tokenExpiresAt(kind, now), ownerId, now);
  return token;
}

/** The token's data when it is unused and unexpired, without using it (for showing the e-mail address). */
export async function peekToken<Data>(
  kind: TokenKind,
  token: string,
  now = new Date(),
): Promise<Data | undefined> {
  if (!looksLikeToken(token)) return undefined;
  const item = await findToken<Data>(kind, token);
  return item && isUsable(item, now) ? item.data : undefined;
}

/** Uses the token (once); undefined when it is unknown, used or expired. */
export async function useToken<Data>(
  kind: TokenKind,
  token: string,
  now = new Date(),
): Promise<Data | undefined> {
  if (!looksLikeToken(token)) return undefined;
  return markUsed<Data>(kind, token, now);
}
