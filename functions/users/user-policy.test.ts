import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shared/account-messages';
import { BadRequestError } from '../lib/errors';
import { accountStanding, asMember, assertNameAllowed, stoppedUntil, toCurrentUser } from './user-policy';
import type { UserItem } from './user-store';

describe('accountStanding', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  it('checks suspensions against the clock, never against TTL', () => {
    expect(accountStanding({ isActive: true, suspendedUntil: '2026-11-22T00:10:00Z' }, now)).toBe('stopped');
    expect(accountStanding({ isActive: true, suspendedUntil: '2026-11-21T23:59:00Z' }, now)).toBe('ok');
    expect(accountStanding({ isActive: true, suspendedUntil: 'PERMANENT' }, now)).toBe('stopped');
    expect(accountStanding({ isActive: false, suspendedUntil: null }, now)).toBe('inactive');
    expect(accountStanding({ isActive: true, deletingAt: '2026-11-21T00:00:00Z' }, now)).toBe('deleting');
  });

  it('says when a suspension ends, and none for a ban', () => {
    expect(stoppedUntil({ suspendedUntil: '2026-11-22T00:10:00Z' })).toBe('2026-11-22T00:10:00Z');
    expect(stoppedUntil({ suspendedUntil: 'PERMANENT' })).toBeNull();
    expect(stoppedUntil({ suspendedUntil: null })).toBeNull();
  });
});

describe('assertNameAllowed', () => {
  it('refuses names that pass for the official author, however they are written', () => {
    for (const name of [
      'みんなのクイズ編集部です',
      'ミンナノクイズ編集部',
      'み ん な の ク イ ズ 編 集 部',
    ]) {
      expect(() => assertNameAllowed(name), name).toThrow(new BadRequestError(ACCOUNT_MESSAGES.nameReserved));
    }
    expect(() => assertNameAllowed('クイズ好きの太郎')).not.toThrow();
  });
});

describe('a member as a request sees them', () => {
  const user = {
    id: 'u1',
    username: 'taro',
    nickname: '太郎',
    email: 'taro@example.com',
    role: 'user',
    proGranted: true,
  } as UserItem;

  it('is advanced while a membership holds, and shows the page only what it needs', () => {
    expect(asMember(user).isPro).toBe(true);
    expect(asMember({ ...user, proGranted: false }).isPro).toBe(false);
    expect(toCurrentUser({ ...user, role: 'admin' })).toEqual({
      id: 'u1',
      username: 'taro',
      nickname: '太郎',
      email: 'taro@example.com',
      isAdmin: true,
      isPro: true,
    });
  });
});
