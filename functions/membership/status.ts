import { MEMBERSHIP_MESSAGES, type MembershipStatus } from '@shared/membership';

/**
 * Whether a member is advanced (pro) right now, decided in code at request time from what the
 * account item holds — never from a stored flag, never left to TTL. Everything that asks "is this
 * member pro?" (the `pro` access level, quotas, AI limits, `GET /api/auth/me`, `GET /api/user/pro`)
 * goes through `membershipOf`, so a webhook that arrives late cannot keep anyone pro past the end
 * of what they paid for.
 *
 * Two ways to be pro:
 * - a Stripe subscription whose last known state (re-read from Stripe on every webhook and every
 *   membership call) is `active` or `trialing` and whose paid period has not ended;
 * - a membership granted by an operator (`proGranted`: `npm run user -- grant-pro`, and the local
 *   demo account `pro`), with no subscription and no end.
 */
export interface MembershipFields {
  proGranted?: boolean;
  stripeSubscriptionId?: string | null;
  /** Stripe's subscription status as last read (`active`, `trialing`, `past_due`, `canceled`...). */
  subscriptionStatus?: string | null;
  /** The subscription ends at the end of its period (cancelled, not yet ended). */
  subscriptionCancelAtPeriodEnd?: boolean;
  /** End of the paid period (ISO): the renewal date, or when it ended. */
  proExpiresAt?: string | null;
}

/** Stripe statuses that give access while the period runs. `past_due` does not: the period is unpaid. */
const PAID_STATUSES = new Set(['active', 'trialing']);

/** The subscription gives access at `now`. */
export function subscriptionGivesAccess(user: MembershipFields, now = new Date()): boolean {
  return (
    Boolean(user.stripeSubscriptionId) &&
    PAID_STATUSES.has(user.subscriptionStatus ?? '') &&
    Boolean(user.proExpiresAt) &&
    new Date(user.proExpiresAt!).getTime() > now.getTime()
  );
}

/** The member's membership at `now`, as `GET /api/user/pro` answers it. */
export function membershipOf(user: MembershipFields, now = new Date()): MembershipStatus {
  if (subscriptionGivesAccess(user, now)) {
    return user.subscriptionCancelAtPeriodEnd
      ? {
          isPro: true,
          status: 'cancelled_but_active',
          expiresAt: user.proExpiresAt!,
          message: MEMBERSHIP_MESSAGES.statusCancelled,
        }
      : {
          isPro: true,
          status: 'active',
          expiresAt: user.proExpiresAt!,
          message: MEMBERSHIP_MESSAGES.statusActive,
        };
  }
  if (user.proGranted)
    return { isPro: true, status: 'active', expiresAt: null, message: MEMBERSHIP_MESSAGES.statusGranted };
  if (user.stripeSubscriptionId && user.proExpiresAt)
    return {
      isPro: false,
      status: 'inactive',
      expiresAt: user.proExpiresAt,
      message: MEMBERSHIP_MESSAGES.statusExpired,
    };
  return { isPro: false, status: 'inactive', expiresAt: null, message: MEMBERSHIP_MESSAGES.statusFree };
}

/** Advanced at `now`: what every pro rule asks. */
export const hasMembershipAt = (user: MembershipFields, now = new Date()) => membershipOf(user, now).isPro;
