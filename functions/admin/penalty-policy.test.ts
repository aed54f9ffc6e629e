import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@shared/admin';
import { BadRequestError, ForbiddenError, NotFoundError } from '../lib/errors';
import {
  assertMayPenalise,
  isActive,
  lasting,
  newPenalty,
  PenaltyRaced,
  penaltyAction,
  refusalOf,
  suspendedUntil,
} from './penalty-policy';

const now = new Date('2026-11-26T03:00:00.000Z');
const admin = { id: 'admin-1' };
const member = { id: 'member-1', role: 'user' as const };

describe('penalties', () => {
  it('are refused on an unknown account, on oneself and on another administrator', () => {
    expect(() => assertMayPenalise(admin, member)).not.toThrow();
    expect(() => assertMayPenalise(admin, undefined)).toThrow(new NotFoundError(ADMIN_MESSAGES.userNotFound));
    expect(() => assertMayPenalise(admin, { id: admin.id, role: 'admin' })).toThrow(
      new BadRequestError(ADMIN_MESSAGES.cannotBanSelf),
    );
    expect(() => assertMayPenalise(admin, { id: 'admin-2', role: 'admin' })).toThrow(
      new ForbiddenError(ADMIN_MESSAGES.cannotBanAdmin),
    );
  });

  it('stop an account for good when a ban, until the minutes pass when a suspension', () => {
    const ban = newPenalty(admin, member.id, { userId: member.id, type: 'ban', reason: '' }, 'p-1', now);
    expect(ban).toMatchObject({ penaltyType: 'ban', expiresAt: null, suspensionMinutes: null, reason: null });
    expect(suspendedUntil(ban)).toBe('PERMANENT');
    expect(isActive(ban, new Date('2036-01-01T00:00:00.000Z'))).toBe(true);
    expect(penaltyAction({ type: 'ban' })).toBe('ban-user');

    const suspension = newPenalty(
      admin,
      member.id,
      { userId: member.id, type: 'suspension', minutes: 90, reason: 'spam' },
      'p-2',
      now,
    );
    expect(suspension).toMatchObject({
      penaltyType: 'suspension',
      suspensionMinutes: 90,
      reason: 'spam',
      issuedBy: admin.id,
      issuedAt: now.toISOString(),
      expiresAt: '2026-11-26T04:30:00.000Z',
    });
    expect(suspendedUntil(suspension)).toBe('2026-11-26T04:30:00.000Z');
    expect(isActive(suspension, new Date('2026-11-26T04:29:59.999Z'))).toBe(true);
    expect(isActive(suspension, new Date('2026-11-26T04:30:00.000Z'))).toBe(false);
    expect(penaltyAction({ type: 'suspension' })).toBe('suspend-user');
  });

  it('are no longer in force once lifted', () => {
    const ban = newPenalty(admin, member.id, { userId: member.id, type: 'ban' }, 'p-3', now);
    expect(isActive({ ...ban, liftedBy: admin.id, liftedAt: now.toISOString() }, now)).toBe(false);
  });

  it('refused by the account at write time say whether it became an administrator or is gone', () => {
    expect(refusalOf({ role: 'admin' })).toEqual(new ForbiddenError(ADMIN_MESSAGES.cannotBanAdmin));
    expect(refusalOf({ role: 'admin', deletingAt: now.toISOString() })).toEqual(
      new NotFoundError(ADMIN_MESSAGES.userNotFound),
    );
    expect(refusalOf(undefined)).toEqual(new NotFoundError(ADMIN_MESSAGES.userNotFound));
    expect(refusalOf({ role: 'user', suspendedUntil: 'PERMANENT' })).toBeInstanceOf(PenaltyRaced);
  });

  it('leave the account stopped by the one that lasts longer: a later, shorter one shortens nothing', () => {
    const ban = newPenalty(admin, member.id, { userId: member.id, type: 'ban' }, 'p1', now);
    const tenMinutes = newPenalty(
      admin,
      member.id,
      { userId: member.id, type: 'suspension', minutes: 10 },
      'p2',
      now,
    );
    const aDay = newPenalty(
      admin,
      member.id,
      { userId: member.id, type: 'suspension', minutes: 1440 },
      'p3',
      now,
    );
    expect(lasting(null, tenMinutes)).toBe(tenMinutes.expiresAt);
    expect(lasting('PERMANENT', tenMinutes)).toBe('PERMANENT');
    expect(lasting(aDay.expiresAt, tenMinutes)).toBe(aDay.expiresAt);
    expect(lasting(tenMinutes.expiresAt, aDay)).toBe(aDay.expiresAt);
    expect(lasting(tenMinutes.expiresAt, ban)).toBe('PERMANENT');
    // One that ended already ends before any new one.
    expect(lasting('2026-01-01T00:00:00.000Z', tenMinutes)).toBe(tenMinutes.expiresAt);
  });
});
