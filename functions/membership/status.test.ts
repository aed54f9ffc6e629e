import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_MESSAGES } from '@shared/membership';
import { membershipOf } from './status';

const NOW = new Date('2026-06-15T03:00:00Z');
const subscription = (fields: { status?: string; cancel?: boolean; end: string }) => ({
  stripeSubscriptionId: 'sub_1',
  subscriptionStatus: fields.status ?? 'active',
  subscriptionCancelAtPeriodEnd: fields.cancel ?? false,
  proExpiresAt: fields.end,
});

describe('membershipOf', () => {
  it("is pro while a paid subscription's period runs, cancelled or not", () => {
    expect(membershipOf(subscription({ end: '2026-07-01T00:00:00Z' }), NOW)).toEqual({
      isPro: true,
      status: 'active',
      expiresAt: '2026-07-01T00:00:00Z',
      message: MEMBERSHIP_MESSAGES.statusActive,
    });
    expect(membershipOf(subscription({ cancel: true, end: '2026-07-01T00:00:00Z' }), NOW)).toMatchObject({
      isPro: true,
      status: 'cancelled_but_active',
    });
    expect(membershipOf(subscription({ status: 'trialing', end: '2026-07-01T00:00:00Z' }), NOW).isPro).toBe(
      true,
    );
  });

  it('ends at the period end by the clock, whatever the stored status says (a late webhook keeps nobody pro)', () => {
    const ended = subscription({ end: '2026-06-15T02:59:59Z' });
    expect(membershipOf(ended, NOW)).toEqual({
      isPro: false,
      status: 'inactive',
      expiresAt: '2026-06-15T02:59:59Z',
      message: MEMBERSHIP_MESSAGES.statusExpired,
    });
    expect(membershipOf(subscription({ end: NOW.toISOString() }), NOW).isPro).toBe(false);
  });

  it('gives nothing for an unpaid or ended subscription, even inside its period', () => {
    for (const status of ['past_due', 'unpaid', 'canceled', 'incomplete', 'incomplete_expired', 'paused'])
      expect(membershipOf(subscription({ status, end: '2026-07-01T00:00:00Z' }), NOW).isPro, status).toBe(
        false,
      );
  });

  it("counts an operator's grant, which has no end; nothing at all is the free plan", () => {
    expect(membershipOf({ proGranted: true }, NOW)).toEqual({
      isPro: true,
      status: 'active',
      expiresAt: null,
      message: MEMBERSHIP_MESSAGES.statusGranted,
    });
    // A grant and an ended subscription: the grant still counts.
    expect(
      membershipOf(
        { proGranted: true, ...subscription({ status: 'canceled', end: '2026-01-01T00:00:00Z' }) },
        NOW,
      ).isPro,
    ).toBe(true);
    expect(membershipOf({}, NOW)).toEqual({
      isPro: false,
      status: 'inactive',
      expiresAt: null,
      message: MEMBERSHIP_MESSAGES.statusFree,
    });
  });
});
