import type { TOKEN_KEY_KINDS } from './one-time-token-keys';

/**
 * The rules of one-time tokens sent by e-mail, as pure functions of a token and the time: how long
 * each kind lasts, what may be a token at all, and when a stored one may still be used. The store
 * (one-time-token-store.ts) writes the same rule into its conditions, so parallel uses still
 * use a token once.
 */

/** How long each kind lasts: pending registrations 24 h, password resets 1 h, administrator sign-ins 15 min. */
const TOKEN_KINDS = {
  registration: { minutes: 24 * 60 },
  passwordReset: { minutes: 60 },
  adminLogin: { minutes: 15 },
} as const satisfies Record<keyof typeof TOKEN_KEY_KINDS, { minutes: number }>;
export type TokenKind = keyof typeof TOKEN_KINDS;

/** When a token of `kind` issued at `now` expires. */
export const tokenExpiresAt = (kind: TokenKind, now: Date) =>
  new Date(now.getTime() + TOKEN_KINDS[kind].minutes * 60_000);

/**
 * How long the table keeps a token: a day past its expiry, so a late click can still be told
 * "expired". Code never relies on TTL.
 */
export const tokenKeptUntil = (expiresAt: Date) => new Date(expiresAt.getTime() + 86_400_000);

/** Whether a link's value could be a token this service issued (256 random bits, base64url): others are not looked up. */
export const looksLikeToken = (token: string) => /^[A-Za-z0-9_-]{20,100}$/.test(token);

/** Whether a stored token may be used at `now`: never used, and before (not at) its expiry. */
export const isUsable = (token: { isUsed: boolean; expiresAt: string }, now: Date) =>
  !token.isUsed && new Date(token.expiresAt).getTime() > now.getTime();
