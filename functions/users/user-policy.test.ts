import { describe, expect, it } from 'vitest';
import { accountStanding } from './user-policy';

describe('accountStanding', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  it('checks suspensions against the clock, never against TTL', () => {
    expect(accountStanding({ isActive: true, suspendedUntil: '2026-11-22T00:10:00Z' }, now)).toBe('stopped');
    expect(accountStanding({ isActive: true, suspendedUntil: '2026-11-21T23:59:00Z' }, now)).toBe('ok');
    expect(accountStanding({ isActive: true, suspendedUntil: 'PERMANENT' }, now)).toBe('stopped');
    expect(accountStanding({ isActive: false, suspendedUntil: null }, now)).toBe('inactive');
  });
});
