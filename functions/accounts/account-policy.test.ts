import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shared/account-messages';
import { AccountStoppedError, ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../lib/errors';
import {
  assertInGoodStanding,
  isDeviceToken,
  isLockReached,
  isTrustedFor,
  loginLocked,
  loginLockEnds,
} from './account-policy';

const now = new Date('2026-11-26T03:00:00.000Z');
const account = { isActive: true, suspendedUntil: null } as const;

describe('who may sign in', () => {
  it('lets an account in good standing in, and tells each other kind why not', () => {
    expect(() => assertInGoodStanding(account, now)).not.toThrow();
    const suspended = () =>
      assertInGoodStanding({ ...account, suspendedUntil: '2026-11-27T00:00:00.000Z' }, now);
    expect(suspended).toThrow(AccountStoppedError);
    expect(suspended).toThrow(ACCOUNT_MESSAGES.accountStopped);
    try {
      assertInGoodStanding({ ...account, suspendedUntil: 'PERMANENT' }, now);
    } catch (error) {
      expect((error as AccountStoppedError).stoppedUntil).toBeNull();
      expect((error as AccountStoppedError).reason).toBe('account_stopped');
    }
    expect(() => assertInGoodStanding({ ...account, isActive: false }, now)).toThrow(
      new ForbiddenError(ACCOUNT_MESSAGES.accountInactive, 'account_inactive'),
    );
    // An account being deleted signs in as if it did not exist.
    expect(() => assertInGoodStanding({ ...account, deletingAt: now.toISOString() }, now)).toThrow(
      new UnauthorizedError(ACCOUNT_MESSAGES.loginFailed),
    );
  });

  it('lets a suspension end by the clock alone', () => {
    const until = '2026-11-26T03:00:00.000Z';
    expect(() => assertInGoodStanding({ ...account, suspendedUntil: until }, now)).not.toThrow();
    expect(() =>
      assertInGoodStanding({ ...account, suspendedUntil: until }, new Date(now.getTime() - 1)),
    ).toThrow(AccountStoppedError);
  });
});

describe('guessing', () => {
  it('locks on the 10th failure in a row, for 15 minutes, with the lock message', () => {
    expect(isLockReached(9)).toBe(false);
    expect(isLockReached(10)).toBe(true);
    expect(loginLockEnds(now).toISOString()).toBe('2026-11-26T03:15:00.000Z');
    const locked = loginLocked();
    expect(locked).toBeInstanceOf(TooManyRequestsError);
    expect([locked.message, locked.reason]).toEqual([ACCOUNT_MESSAGES.loginLocked, 'login_locked']);
  });

  it('trusts a remembered browser for its own username only, until it expires or uses up its guesses', () => {
    const device = { username: 'taro', expiresAt: '2027-05-01T00:00:00.000Z', failures: 0 };
    expect(isTrustedFor(device, 'taro', now)).toBe(true);
    expect(isTrustedFor(device, 'hanako', now)).toBe(false);
    expect(isTrustedFor({ ...device, failures: 9 }, 'taro', now)).toBe(true);
    expect(isTrustedFor({ ...device, failures: 10 }, 'taro', now)).toBe(false);
    expect(isTrustedFor({ ...device, expiresAt: now.toISOString() }, 'taro', now)).toBe(false);
  });

  it('reads only device cookies this service could have issued', () => {
    expect(isDeviceToken('a'.repeat(43))).toBe(true);
    expect(isDeviceToken(undefined)).toBe(false);
    expect(isDeviceToken('short')).toBe(false);
    expect(isDeviceToken(`${'a'.repeat(42)}=`)).toBe(false);
  });
});
