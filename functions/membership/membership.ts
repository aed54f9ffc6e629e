import {
  MEMBERSHIP,
  MEMBERSHIP_MESSAGES,
  type PaymentCheck,
  type MembershipStatus,
} from '@shared/membership';
import { getConfig } from '../lib/config';
import {
  AppError,
  ConflictError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../lib/errors';
import type { Logger } from '../lib/logger';
import { withinRateLimit } from '../lib/rate-limit';
import { getUser, type UserItem } from '../users/user-store';
import {
  CHECKOUT_MINUTES,
  idOf,
  isCancelling,
  isEnded,
  isLive,
  isPaid,
  keptFirst,
  paymentCheckOf,
  refusalFor,
  replacesCurrent,
  snapshotOf,
} from './membership-policy';
import { linkCustomer, logOnce, rememberCheckoutSession, writeSubscription } from './membership-store';
import { DUPLICATE_DESCRIPTIONS } from './payment-log';
import { membershipOf, subscriptionGivesAccess } from './status';
import { callStripe, Stripe, stripe, stripeErrorOf } from './stripe';

/**
 * Advanced membership through Stripe. The account item holds the member's customer, the
 * subscription that gives (or last gave) access and that subscription's state as last read from
 * Stripe; `status.ts` turns it into "pro or not" at request time. Every change comes from Stripe's
 * own answer (a re-read subscription, or the subscription an update returned), never from what a
 * client or an event's order says.
 */

/**
 * Payment calls a member may make in any minute, the five together (create-checkout-session,
 * check-payment, upgrade-pro, cancel-pro, resume-pro). Each one asks Stripe, whose rate limit is
 * the whole Stripe account's, so the bound is on all that one member can make us ask; a visit
 * that pays needs 2 to 5 of them (the checkout, a few status checks, perhaps the upgrade), and the
 * page's status polling waits out a 429 and polls again.
 */
export const PAYMENT_CALLS_PER_MINUTE = 10;

/** Every payment call starts here: 429 with a Japanese message once the member's minute is used up. */
export async function limitPaymentCalls(userId: string): Promise<void> {
  if (!(await withinRateLimit(`payment#${userId}`, PAYMENT_CALLS_PER_MINUTE, 60)))
    throw new TooManyRequestsError(MEMBERSHIP_MESSAGES.paymentCallsTooFast);
}

/**
 * Writes a subscription, as just read from Stripe at `readAt`, onto its member's account. A read
 * older than the one already written is dropped (two webhooks racing), and another subscription
 * of the same member replaces the current one only when it gives more. Returns the account.
 */
export async function applySubscription(
  userId: string,
  subscription: Stripe.Subscription,
  readAt = new Date(),
): Promise<UserItem> {
  const snapshot = snapshotOf(subscription);
  for (let attempt = 0; attempt < 3; attempt++) {
    const user = await getUser(userId);
    if (!user || user.deletingAt) throw new UnauthorizedError();
    if (user.stripeCustomerId !== snapshot.customerId)
      throw new NotFoundError(MEMBERSHIP_MESSAGES.noSubscription);
    if (!replacesCurrent(user, snapshot, readAt)) return user;
    const written = await writeSubscription(userId, snapshot, readAt, user.stripeSubscriptionId ?? null);
    if (written) return written;
    // Someone wrote first: a newer read wins as it is; anything else is decided again.
  }
  return (await getUser(userId))!;
}

/** The customer's subscriptions that have not ended (Stripe's list without a status leaves out cancelled ones). */
async function unendedSubscriptions(customer: string): Promise<Stripe.Subscription[]> {
  const listed = await callStripe((client) => client.subscriptions.list({ customer, limit: 100 }));
  return listed.data.filter((subscription) => !isEnded(subscription));
}

/** The customer's live subscriptions, the one to keep first. */
export async function liveSubscriptions(customer: string): Promise<Stripe.Subscription[]> {
  return (await unendedSubscriptions(customer)).filter(isLive).sort(keptFirst);
}

/**
 * Ends a subscription at once. One that a parallel call ended first is answered as it is (Stripe
 * answers a second cancel with "No such subscription").
 */
export async function endNow(subscriptionId: string): Promise<Stripe.Subscription> {
  try {
    return await callStripe((client) => client.subscriptions.cancel(subscriptionId));
  } catch (error) {
    if (!(stripeErrorOf(error) instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    const current = await callStripe((client) => client.subscriptions.retrieve(subscriptionId));
    if (!isEnded(current)) throw error;
    return current;
  }
}

/** Re-reads a subscription from Stripe and writes it onto its member's account. */
export async function refreshSubscription(userId: string, subscriptionId: string): Promise<UserItem> {
  const subscription = await callStripe((client) => client.subscriptions.retrieve(subscriptionId));
  return applySubscription(userId, subscription, new Date());
}

/**
 * The member's Stripe customer, made on first use. Parallel first uses ask Stripe with the same
 * idempotency key and so get the same customer; the account and the customer's link back are
 * written together.
 */
async function customerFor(user: UserItem): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const customer = await callStripe((client) =>
    client.customers.create(
      { ...(user.email ? { email: user.email } : {}), name: user.username, metadata: { userId: user.id } },
      { idempotencyKey: `customer-${user.id}` },
    ),
  );
  try {
    await linkCustomer(user.id, customer.id);
    return customer.id;
  } catch (error) {
    const fresh = await getUser(user.id);
    if (fresh?.stripeCustomerId && !fresh.deletingAt) return fresh.stripeCustomerId;
    throw error;
  }
}

/** The customer's Checkout Sessions that can still be paid, the first made first. */
async function openSessions(customer: string): Promise<Stripe.Checkout.Session[]> {
  const listed = await callStripe((client) =>
    client.checkout.sessions.list({ customer, status: 'open', limit: 100 }),
  );
  const now = Date.now() / 1000;
  return listed.data
    .filter((session) => session.expires_at > now)
    .sort((a, b) => a.created - b.created || (a.id < b.id ? -1 : 1));
}

/**
 * A second Checkout Session made at the same moment as the kept one expires before anyone pays
 * it; only the call whose expiry Stripe accepted logs it, so it is logged once.
 */
async function expireSecondSession(
  user: UserItem,
  session: Stripe.Checkout.Session,
  kept: Stripe.Checkout.Session,
): Promise<void> {
  let expired: Stripe.Checkout.Session;
  try {
    expired = await callStripe((client) => client.checkout.sessions.expire(session.id));
  } catch (error) {
    // Paid, or expired by a parallel call, meanwhile: the webhook settles a paid one.
    if (stripeErrorOf(error) instanceof Stripe.errors.StripeInvalidRequestError) return;
    throw error;
  }
  const at = new Date().toISOString();
  await logOnce(
    {
      userId: user.id,
      paymentIntentId: null,
      chargeId: null,
      customerId: idOf(expired.customer),
      subscriptionId: null,
      invoiceId: null,
      amount: 0,
      currency: expired.currency ?? MEMBERSHIP.currency,
      status: 'expired',
      paymentType: 'duplicate_checkout',
      description: DUPLICATE_DESCRIPTIONS.expired,
      metadata: { checkoutSessionId: expired.id, keptCheckoutSessionId: kept.id },
      webhookEventId: null,
      createdAt: at,
      updatedAt: at,
    },
    expired.id,
  );
}

/**
 * `POST /api/stripe/create-checkout-session`: a hosted checkout page for 500 yen a month (tax
 * included) for this member, who comes back to `/pro-checkout?success=1&session_id=…`.
 *
 * One payment at a time (issue 26, docs/decisions.md): refused (409) while the member has a live subscription
 * (`active` — renewing or cancelled but running —, `trialing`, `past_due`, `incomplete`: a second
 * one would charge twice; a cancelled member resumes instead) or a checkout page that can still be
 * paid. Starts made at once all pass those checks; each then lists the customer's open sessions,
 * the one made first stays and the others are expired, so two tabs never both get a payable page.
 * Whatever still slips through (a second subscription) is settled by the webhook (payments.ts).
 */
export async function createCheckoutSession(user: UserItem): Promise<{ url: string }> {
  const membership = membershipOf(user);
  if (membership.status === 'active') throw new ConflictError(MEMBERSHIP_MESSAGES.alreadyMember);
  const customer = await customerFor(user);
  const [live] = await liveSubscriptions(customer);
  if (live) throw new ConflictError(refusalFor(live));
  if ((await openSessions(customer)).length) throw new ConflictError(MEMBERSHIP_MESSAGES.checkoutOpen);
  const appUrl = getConfig().appUrl;
  const session = await callStripe((client) =>
    client.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: user.id,
      locale: 'ja',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: MEMBERSHIP.currency,
            unit_amount: MEMBERSHIP.priceYen,
            tax_behavior: 'inclusive',
            recurring: { interval: 'month' },
            product_data: { name: MEMBERSHIP.planName },
          },
        },
      ],
      metadata: { userId: user.id },
      subscription_data: { metadata: { userId: user.id } },
      expires_at: Math.floor(Date.now() / 1000) + CHECKOUT_MINUTES * 60,
      success_url: `${appUrl}/pro-checkout?success=1&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${appUrl}/pro-checkout`,
    }),
  );
  if (!session.url) throw new AppError(502, MEMBERSHIP_MESSAGES.checkoutFailed);
  const [kept, ...later] = await openSessions(customer);
  for (const other of later) await expireSecondSession(user, other, kept!);
  if (kept?.id !== session.id) throw new ConflictError(MEMBERSHIP_MESSAGES.checkoutOpen);
  await rememberCheckoutSession(user.id, session.id);
  return { url: session.url };
}

/** One of the member's own Checkout Sessions, or 404 (someone else's looks the same as none). */
async function ownSession(user: UserItem, sessionId: string): Promise<Stripe.Checkout.Session> {
  const session = await callStripe((client) => client.checkout.sessions.retrieve(sessionId)).catch(
    (error: unknown) => {
      const cause = error instanceof Error ? error.cause : undefined;
      if (cause instanceof Stripe.errors.StripeInvalidRequestError && cause.statusCode === 404)
        throw new NotFoundError(MEMBERSHIP_MESSAGES.sessionNotFound);
      throw error;
    },
  );
  if (session.client_reference_id !== user.id) throw new NotFoundError(MEMBERSHIP_MESSAGES.sessionNotFound);
  return session;
}

/** `GET /api/stripe/check-payment/{sessionId}`: what Stripe says of the member's own session. */
export async function checkPayment(user: UserItem, sessionId: string): Promise<PaymentCheck> {
  const session = await ownSession(user, sessionId);
  const fresh = (await getUser(user.id)) ?? user;
  return paymentCheckOf(session, fresh, membershipOf(fresh).isPro);
}

/**
 * `POST /api/user/upgrade-pro`: makes the member pro when Stripe says they paid — their last
 * Checkout Session is complete and paid, or their customer has a paying subscription — by
 * writing that subscription as Stripe has it now. Idempotent; the client's word counts for nothing.
 */
export async function upgrade(user: UserItem): Promise<MembershipStatus> {
  const candidates: Stripe.Subscription[] = [];
  if (user.stripeCheckoutSessionId) {
    const session = await ownSession(user, user.stripeCheckoutSessionId).catch((error: unknown) => {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    });
    const subscriptionId = session && session.payment_status === 'paid' ? idOf(session.subscription) : null;
    if (subscriptionId)
      candidates.push(await callStripe((client) => client.subscriptions.retrieve(subscriptionId)));
  }
  if (user.stripeCustomerId) {
    const customer = user.stripeCustomerId;
    const listed = await callStripe((client) =>
      client.subscriptions.list({ customer, status: 'all', limit: 10 }),
    );
    candidates.push(...listed.data);
  }
  const readAt = new Date();
  let account = user;
  for (const subscription of candidates) {
    if (snapshotOf(subscription).customerId !== user.stripeCustomerId) continue;
    account = await applySubscription(user.id, subscription, readAt);
  }
  const membership = membershipOf(account);
  if (!membership.isPro) throw new ConflictError(MEMBERSHIP_MESSAGES.notPaid);
  return { ...membership, message: MEMBERSHIP_MESSAGES.upgraded };
}

/**
 * `POST /api/user/cancel-pro`: every live subscription of the member's customer is cancelled, not
 * only the one the account follows (a second one that slipped through would bill on): a paid one
 * at the end of its paid period (`cancelled_but_active`), an unpaid one (`past_due`, `incomplete`)
 * at once, as it has no paid period to keep.
 */
export async function cancel(user: UserItem): Promise<MembershipStatus> {
  const refusal = () =>
    new ConflictError(
      user.proGranted ? MEMBERSHIP_MESSAGES.grantedCannotCancel : MEMBERSHIP_MESSAGES.noSubscription,
    );
  if (!user.stripeCustomerId) throw refusal();
  const live = await liveSubscriptions(user.stripeCustomerId);
  if (!live.length) throw refusal();
  let account = user;
  let cancelledPaid = false;
  let endedUnpaid = false;
  for (const subscription of live) {
    let changed = subscription;
    if (!isPaid(subscription)) {
      changed = await endNow(subscription.id);
      endedUnpaid = true;
    } else if (!isCancelling(subscription)) {
      changed = await callStripe((client) =>
        client.subscriptions.update(subscription.id, { cancel_at_period_end: true }),
      );
      cancelledPaid = true;
    }
    account = await applySubscription(user.id, changed, new Date());
  }
  const message = cancelledPaid
    ? MEMBERSHIP_MESSAGES.cancelled
    : endedUnpaid
      ? MEMBERSHIP_MESSAGES.cancelledUnpaid
      : MEMBERSHIP_MESSAGES.alreadyCancelled;
  return { ...membershipOf(account), message };
}

/** While the paid period runs: the cancellation is undone. */
async function undoCancellation(user: UserItem): Promise<MembershipStatus> {
  const subscriptionId = user.stripeSubscriptionId!;
  if (!user.subscriptionCancelAtPeriodEnd)
    return { ...membershipOf(user), message: MEMBERSHIP_MESSAGES.alreadyActive };
  const updated = await callStripe((client) =>
    client.subscriptions.update(subscriptionId, { cancel_at_period_end: false }),
  );
  const account = await applySubscription(user.id, updated, new Date());
  return { ...membershipOf(account), message: MEMBERSHIP_MESSAGES.resumed };
}

/**
 * `POST /api/user/resume-pro`: while the period runs, the cancellation is undone (of the
 * subscription the account follows only: one renews). After it ended, or while its renewal is
 * unpaid (`past_due`), the previous subscription is started again: a new subscription for the
 * same customer, plan and card, charged now (off-session); an unpaid one ends first, so the two
 * never both bill. When Stripe cannot charge that card without the member, the answer says a new
 * checkout is needed (and then nothing live stands in its way).
 */
export async function resume(user: UserItem, log: Logger): Promise<MembershipStatus> {
  const subscriptionId = user.stripeSubscriptionId;
  if (!subscriptionId || !user.stripeCustomerId) throw new ConflictError(MEMBERSHIP_MESSAGES.nothingToResume);
  if (subscriptionGivesAccess(user)) return undoCancellation(user);
  const live = await liveSubscriptions(user.stripeCustomerId);
  if (live[0] && isPaid(live[0])) {
    // Paid and running, though the account had not heard of it yet (its webhook is on the way).
    const account = await applySubscription(user.id, live[0], new Date());
    if (subscriptionGivesAccess(account)) return undoCancellation(account);
  }
  for (const unpaid of live.filter((subscription) => !isPaid(subscription)))
    await applySubscription(user.id, await endNow(unpaid.id), new Date());
  const previous = await callStripe((client) => client.subscriptions.retrieve(subscriptionId));
  const item = previous.items.data[0];
  const paymentMethod = idOf(previous.default_payment_method);
  if (!item || !paymentMethod) throw new ConflictError(MEMBERSHIP_MESSAGES.resumeNeedsCheckout);
  const customer = user.stripeCustomerId;
  let restarted: Stripe.Subscription;
  try {
    const client = await stripe();
    restarted = await client.subscriptions.create(
      {
        customer,
        items: [
          {
            price_data: {
              currency: item.price.currency,
              product: idOf(item.price.product)!,
              unit_amount: item.price.unit_amount ?? MEMBERSHIP.priceYen,
              tax_behavior: 'inclusive',
              recurring: { interval: 'month' },
            },
          },
        ],
        default_payment_method: paymentMethod,
        off_session: true,
        payment_behavior: 'error_if_incomplete',
        metadata: { userId: user.id },
      },
      // A double click restarts once.
      { idempotencyKey: `resume-${previous.id}` },
    );
  } catch (error) {
    if (
      error instanceof Stripe.errors.StripeCardError ||
      error instanceof Stripe.errors.StripeInvalidRequestError
    ) {
      log.warn('resume needs a new checkout', { code: error.code, userId: user.id });
      throw new ConflictError(MEMBERSHIP_MESSAGES.resumeNeedsCheckout);
    }
    throw new AppError(502, MEMBERSHIP_MESSAGES.providerUnavailable, undefined, { cause: error });
  }
  const account = await applySubscription(user.id, restarted, new Date());
  const membership = membershipOf(account);
  if (!membership.isPro) throw new ConflictError(MEMBERSHIP_MESSAGES.resumeNeedsCheckout);
  return { ...membership, message: MEMBERSHIP_MESSAGES.resumed };
}

/**
 * Account deletion: every subscription of the member's customer that has not ended is ended at
 * once (not only the one the account follows), so nobody is charged for an account that no
 * longer exists.
 */
export async function cancelSubscriptionsOfDeletedAccount(user: UserItem): Promise<void> {
  if (!user.stripeCustomerId) return;
  for (const subscription of await unendedSubscriptions(user.stripeCustomerId)) await endNow(subscription.id);
}
