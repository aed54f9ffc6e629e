import { MEMBERSHIP_MESSAGES, type PaymentCheck } from '@shared/membership';
import { subscriptionGivesAccess, type MembershipFields } from './status';
import type { Stripe } from './stripe';

/**
 * The rules of advanced membership, as pure functions of what Stripe says and what the account
 * holds: which subscriptions count, which of two one member keeps, what the account keeps of
 * one, why a checkout is refused, what a payment check answers. Whether a member is advanced
 * right now is status.ts; membership-store.ts keeps the account's side; membership.ts and
 * payments.ts ask Stripe and apply these.
 */

/** The id of a Stripe reference, expanded or not. */
export const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** What the account keeps of a subscription. */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  status: Stripe.Subscription.Status;
  cancelAtPeriodEnd: boolean;
  /** End of the paid period, or when the subscription ended (ISO). */
  periodEnd: string;
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** The parts of a subscription the account keeps (the period is on its items in current API versions). */
export function snapshotOf(subscription: Stripe.Subscription): SubscriptionSnapshot {
  const itemEnds = subscription.items.data.map((item) => item.current_period_end);
  let end = itemEnds.length ? Math.max(...itemEnds) : subscription.created;
  if (subscription.cancel_at) end = Math.min(end, subscription.cancel_at);
  if (subscription.ended_at) end = Math.min(end, subscription.ended_at);
  return {
    id: subscription.id,
    customerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    periodEnd: iso(end),
  };
}

/** A snapshot as the account's membership fields. */
const fieldsOf = (snapshot: SubscriptionSnapshot): MembershipFields => ({
  stripeSubscriptionId: snapshot.id,
  subscriptionStatus: snapshot.status,
  subscriptionCancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
  proExpiresAt: snapshot.periodEnd,
});

/**
 * How much a subscription gives, to choose between two of one member (a second checkout started
 * while the first ran out): running and renewing, then running until its end, then ended; then
 * the later end.
 */
function worth(fields: MembershipFields, now: Date): [number, number] {
  const live = subscriptionGivesAccess(fields, now);
  const rank = live ? (fields.subscriptionCancelAtPeriodEnd ? 2 : 3) : fields.stripeSubscriptionId ? 1 : 0;
  return [rank, fields.proExpiresAt ? new Date(fields.proExpiresAt).getTime() : 0];
}

/**
 * Whether a subscription just read may be written onto the account: it is the one the account
 * follows (or the account follows none), or it gives more than that one at `now`.
 */
export function replacesCurrent(
  account: MembershipFields,
  snapshot: SubscriptionSnapshot,
  now: Date,
): boolean {
  const current = account.stripeSubscriptionId ?? null;
  if (!current || current === snapshot.id) return true;
  const [a, b] = [worth(fieldsOf(snapshot), now), worth(account, now)];
  return a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);
}

/**
 * Stripe statuses of a subscription that runs or is still trying to charge. A member has at most
 * one (issue 26, docs/decisions.md): a second one would charge twice.
 */
const LIVE_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due', 'incomplete']);
/** Of those, the ones whose period is paid for. */
const PAID_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing']);
/** Statuses a subscription never leaves. */
const ENDED_STATUSES: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired']);

export const isLive = (subscription: Pick<Stripe.Subscription, 'status'>) =>
  LIVE_STATUSES.has(subscription.status);
export const isPaid = (subscription: Pick<Stripe.Subscription, 'status'>) =>
  PAID_STATUSES.has(subscription.status);
export const isEnded = (subscription: Pick<Stripe.Subscription, 'status'>) =>
  ENDED_STATUSES.has(subscription.status);
export const isCancelling = (subscription: Pick<Stripe.Subscription, 'cancel_at_period_end' | 'cancel_at'>) =>
  subscription.cancel_at_period_end || subscription.cancel_at !== null;

/**
 * Of one member's live subscriptions, the one kept comes first: a paid one before an unpaid one,
 * then the one started first (the second of two checkouts paid at once is the one that goes).
 * Decided from Stripe's data alone, so every webhook of a pair chooses the same.
 */
export const keptFirst = (
  a: Pick<Stripe.Subscription, 'status' | 'created' | 'id'>,
  b: Pick<Stripe.Subscription, 'status' | 'created' | 'id'>,
) => Number(isPaid(b)) - Number(isPaid(a)) || a.created - b.created || (a.id < b.id ? -1 : 1);

/** Why a member with this live subscription may not start a checkout. */
export function refusalFor(
  subscription: Pick<Stripe.Subscription, 'status' | 'cancel_at_period_end' | 'cancel_at'>,
) {
  if (!isPaid(subscription)) return MEMBERSHIP_MESSAGES.subscriptionUnpaid;
  return isCancelling(subscription)
    ? MEMBERSHIP_MESSAGES.subscriptionEnding
    : MEMBERSHIP_MESSAGES.alreadyMember;
}

/**
 * How long a checkout page stays payable: Stripe's shortest (30 minutes), and a minute for clocks
 * that differ. A page left open blocks a new checkout until then, no longer.
 */
export const CHECKOUT_MINUTES = 31;

/**
 * What `GET /api/stripe/check-payment/{sessionId}` answers of a member's own Checkout Session: the
 * upgrade is complete once the session is paid and the account follows its subscription, pro.
 */
export function paymentCheckOf(
  session: Pick<Stripe.Checkout.Session, 'status' | 'payment_status' | 'subscription'>,
  account: MembershipFields,
  isPro: boolean,
): PaymentCheck {
  const paid = session.status === 'complete' && session.payment_status === 'paid';
  const completed = paid && isPro && idOf(session.subscription) === account.stripeSubscriptionId;
  return {
    payment_status: session.payment_status,
    is_pro: isPro,
    upgrade_completed: completed,
    message: completed
      ? MEMBERSHIP_MESSAGES.upgraded
      : paid
        ? MEMBERSHIP_MESSAGES.paymentPending
        : MEMBERSHIP_MESSAGES.notPaid,
  };
}
