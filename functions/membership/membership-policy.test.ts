import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_MESSAGES } from '@shared/membership';
import {
  isLive,
  keptFirst,
  paymentCheckOf,
  refusalFor,
  replacesCurrent,
  snapshotOf,
  type SubscriptionSnapshot,
} from './membership-policy';
import type { Stripe } from './stripe';

const now = new Date('2026-11-26T00:00:00.000Z');
const seconds = (iso: string) => new Date(iso).getTime() / 1000;

const subscription = (fields: Partial<Stripe.Subscription> = {}, periodEnd = '2026-12-20T00:00:00.000Z') =>
  ({
    id: 'sub_1',
    customer: 'cus_1',
    status: 'active',
    created: seconds('2026-11-20T00:00:00.000Z'),
    cancel_at_period_end: false,
    cancel_at: null,
    ended_at: null,
    items: { data: [{ current_period_end: seconds(periodEnd) }] },
    ...fields,
  }) as Stripe.Subscription;

const snapshot = (fields: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot => ({
  id: 'sub_2',
  customerId: 'cus_1',
  status: 'active',
  cancelAtPeriodEnd: false,
  periodEnd: '2026-12-20T00:00:00.000Z',
  ...fields,
});

describe('what the account keeps of a subscription', () => {
  it('ends the period at the latest item, or earlier when it is cancelled or ended', () => {
    expect(snapshotOf(subscription())).toEqual({
      id: 'sub_1',
      customerId: 'cus_1',
      status: 'active',
      cancelAtPeriodEnd: false,
      periodEnd: '2026-12-20T00:00:00.000Z',
    });
    const cancelling = snapshotOf(subscription({ cancel_at: seconds('2026-12-01T00:00:00.000Z') }));
    expect([cancelling.cancelAtPeriodEnd, cancelling.periodEnd]).toEqual([true, '2026-12-01T00:00:00.000Z']);
    expect(snapshotOf(subscription({ ended_at: seconds('2026-11-25T00:00:00.000Z') })).periodEnd).toBe(
      '2026-11-25T00:00:00.000Z',
    );
  });

  it('replaces the followed subscription only by one that gives more', () => {
    const following = {
      stripeSubscriptionId: 'sub_1',
      subscriptionStatus: 'active',
      subscriptionCancelAtPeriodEnd: true,
      proExpiresAt: '2026-12-01T00:00:00.000Z',
    };
    expect(replacesCurrent({}, snapshot(), now)).toBe(true);
    expect(replacesCurrent(following, snapshot({ id: 'sub_1', status: 'canceled' }), now)).toBe(true);
    // Renewing beats running to its end; an ended one beats nothing that runs.
    expect(replacesCurrent(following, snapshot(), now)).toBe(true);
    expect(replacesCurrent(following, snapshot({ status: 'canceled' }), now)).toBe(false);
    expect(
      replacesCurrent(
        following,
        snapshot({ cancelAtPeriodEnd: true, periodEnd: '2026-11-30T00:00:00.000Z' }),
        now,
      ),
    ).toBe(false);
  });
});

describe('one live subscription per member', () => {
  it('counts running and still-charging subscriptions as live, and keeps the paid, then the first', () => {
    expect(
      ['active', 'trialing', 'past_due', 'incomplete'].map((status) => isLive({ status } as never)),
    ).toEqual([true, true, true, true]);
    expect(isLive({ status: 'canceled' })).toBe(false);
    const first = subscription({ id: 'sub_a', status: 'past_due' });
    const paidLater = subscription({ id: 'sub_b', created: first.created + 60 });
    const paidLatest = subscription({ id: 'sub_c', created: first.created + 120 });
    expect([paidLatest, first, paidLater].sort(keptFirst).map((each) => each.id)).toEqual([
      'sub_b',
      'sub_c',
      'sub_a',
    ]);
  });

  it('says why a checkout is refused: unpaid, ending, or already a member', () => {
    expect(refusalFor(subscription({ status: 'past_due' }))).toBe(MEMBERSHIP_MESSAGES.subscriptionUnpaid);
    expect(refusalFor(subscription({ cancel_at_period_end: true }))).toBe(
      MEMBERSHIP_MESSAGES.subscriptionEnding,
    );
    expect(refusalFor(subscription())).toBe(MEMBERSHIP_MESSAGES.alreadyMember);
  });
});

describe('a payment check', () => {
  const paid = { status: 'complete', payment_status: 'paid', subscription: 'sub_1' } as const;
  it('is complete once the account follows the paid subscription and is advanced', () => {
    expect(paymentCheckOf(paid, { stripeSubscriptionId: 'sub_1' }, true)).toEqual({
      payment_status: 'paid',
      is_pro: true,
      upgrade_completed: true,
      message: MEMBERSHIP_MESSAGES.upgraded,
    });
    expect(paymentCheckOf(paid, { stripeSubscriptionId: 'sub_0' }, true).message).toBe(
      MEMBERSHIP_MESSAGES.paymentPending,
    );
    expect(paymentCheckOf({ ...paid, status: 'open', payment_status: 'unpaid' }, {}, false).message).toBe(
      MEMBERSHIP_MESSAGES.notPaid,
    );
  });
});
