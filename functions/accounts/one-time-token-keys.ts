import { createHash } from 'node:crypto';
import { entity } from '../data/keys';

/** Keys of the one-time tokens sent by e-mail (one-time-token-store.ts). */
export const TokenKeys = entity({
  entity: 'One-time token',
  module: 'functions/accounts/one-time-token-store.ts',
  pk: 'TOKEN#{kind}#{hash}',
  sk: 'TOKEN',
  byOwner: 'TOKEN#{createdAt}',
  fields: { kind: '`PREUSER`, `PWRESET` or `ADMINLOGIN`', hash: 'SHA-256 of the token' },
  notes:
    'pending registration 24 h (`data.email`), password reset 1 h, admin sign-in 15 min (`data.userId`, e-mail, IP, user agent); only password-reset and admin sign-in tokens have an owner; `isUsed`, `expiresAt` checked in the use condition',
});

/** The key kind of each token purpose. */
export const TOKEN_KEY_KINDS = {
  registration: 'PREUSER',
  passwordReset: 'PWRESET',
  adminLogin: 'ADMINLOGIN',
} as const;

export const tokenKey = (kind: keyof typeof TOKEN_KEY_KINDS, token: string) =>
  TokenKeys.key({
    kind: TOKEN_KEY_KINDS[kind],
    hash: createHash('sha256').update(token).digest('base64url'),
  });
