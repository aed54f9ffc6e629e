import { describe, expect, it } from 'vitest';
import { isUsable, looksLikeToken, tokenExpiresAt, tokenKeptUntil } from './one-time-token-policy';

const now = new Date('2026-11-26T03:00:00.000Z');
const minutes = (at: Date) => (at.getTime() - now.getTime()) / 60_000;

describe('one-time tokens', () => {
  it('last 24 hours for a registration, an hour for a password reset, 15 minutes for an administrator sign-in', () => {
    expect(minutes(tokenExpiresAt('registration', now))).toBe(24 * 60);
    expect(minutes(tokenExpiresAt('passwordReset', now))).toBe(60);
    expect(minutes(tokenExpiresAt('adminLogin', now))).toBe(15);
  });

  it('are used once, and never from the moment they expire', () => {
    const expiresAt = tokenExpiresAt('passwordReset', now).toISOString();
    expect(isUsable({ isUsed: false, expiresAt }, now)).toBe(true);
    expect(isUsable({ isUsed: true, expiresAt }, now)).toBe(false);
    expect(isUsable({ isUsed: false, expiresAt }, new Date(expiresAt))).toBe(false);
    expect(isUsable({ isUsed: false, expiresAt }, new Date(Date.parse(expiresAt) - 1))).toBe(true);
  });

  it('are kept a day past their expiry, so a late click is told it expired rather than unknown', () => {
    const expiresAt = tokenExpiresAt('adminLogin', now);
    expect(tokenKeptUntil(expiresAt).getTime() - expiresAt.getTime()).toBe(86_400_000);
  });

  it('are looked up only when the link could hold one this service issued', () => {
    expect(looksLikeToken('a'.repeat(43))).toBe(true);
    expect(looksLikeToken('Zm9v_YmFy-' + 'x'.repeat(33))).toBe(true);
    expect(looksLikeToken('short')).toBe(false);
    expect(looksLikeToken('a'.repeat(101))).toBe(false);
    expect(looksLikeToken(`${'a'.repeat(30)}' OR 1=1`)).toBe(false);
    expect(looksLikeToken(`${'a'.repeat(30)}/../x`)).toBe(false);
  });
});
