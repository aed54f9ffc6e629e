import { ACCOUNT_MESSAGES } from '@shared/account-messages';
import { LIMITS } from '@shared/constants';
import { AccountStoppedError, ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../lib/errors';
import { accountStanding, stoppedUntil } from '../users/user-policy';
import type { UserItem } from '../users/user-store';

/**
 * The rules of signing in, as pure functions of an account, a count and the time: who may sign
 * in, when guessing locks a username or a device cookie, and for how long. The counts themselves
 * are kept by login-guard-store.ts and trusted-device-store.ts; auth.ts applies the rules to them.
 */

/** Refuses accounts that may not act (suspended, banned, deactivated, being deleted), with the spec's messages. */
export function assertInGoodStanding(
  user: Pick<UserItem, 'isActive' | 'suspendedUntil' | 'deletingAt'>,
  now = new Date(),
): void {
  const standing = accountStanding(user, now);
  if (standing === 'stopped')
    throw new AccountStoppedError(ACCOUNT_MESSAGES.accountStopped, stoppedUntil(user));
  if (standing === 'inactive') throw new ForbiddenError(ACCOUNT_MESSAGES.accountInactive, 'account_inactive');
  if (standing === 'deleting') throw new UnauthorizedError(ACCOUNT_MESSAGES.loginFailed);
}

/** How long the 10th failure in a row locks a username. */
export const LOGIN_LOCK_MINUTES = 15;

/** When a username locked now is free again. */
export const loginLockEnds = (now: Date) => new Date(now.getTime() + LOGIN_LOCK_MINUTES * 60_000);

/** Whether this many failed attempts in a row lock the username (or use up a device cookie): 10. */
export const isLockReached = (failures: number) => failures >= LIMITS.loginFailuresBeforeLock;

/** What a locked sign-in is told (429, `login_locked`). */
export const loginLocked = () => new TooManyRequestsError(ACCOUNT_MESSAGES.loginLocked, 'login_locked');

/** How long a browser stays trusted for an account after its last right password. */
export const DEVICE_DAYS = 180;

/** Whether a device cookie's value is one this service could have issued (256 random bits, base64url). */
export const isDeviceToken = (token: string | undefined): token is string =>
  token !== undefined && /^[A-Za-z0-9_-]{40,64}$/.test(token);

/**
 * Whether a remembered browser is trusted for a sign-in now: it was remembered for this username
 * (as the lock normalises it), has not expired, and has guesses left.
 */
export const isTrustedFor = (
  device: { username: string; expiresAt: string; failures: number },
  guardedName: string,
  now: Date,
) =>
  device.username === guardedName &&
  new Date(device.expiresAt).getTime() > now.getTime() &&
  !isLockReached(device.failures);
