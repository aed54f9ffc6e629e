import { entity } from '../data/keys';

/** Keys of the per-username sign-in locks (login-guard-store.ts). */
export const LoginGuardKeys = entity({
  entity: 'Login guard',
  module: 'functions/accounts/login-guard-store.ts',
  pk: 'LOGINGUARD#{username}',
  sk: 'LOGINGUARD',
  fields: { username: 'NFKC lower-case username' },
  notes:
    "failures, lockedUntil (the spec's loginFailCount / loginLockedUntil, kept per username whether or not it exists)",
});

/** A sign-in name as the lock (and the device cookies) count it: NFKC, lower case. */
export const guardName = (username: string) => username.normalize('NFKC').toLowerCase();

export const guardKey = (username: string) => LoginGuardKeys.key({ username: guardName(username) });
