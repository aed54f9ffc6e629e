import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { MEMBERSHIP, MEMBERSHIP_MESSAGES, type PaymentCheck, type ProStatus } from '@shared/membership';
import { db } from '../data/db';
import { transactWrite } from '../data/transact';
import { getConfig } from '../lib/config';
import { AppError, ConflictError, NotFoundError, UnauthorizedError } from '../lib/errors';
import type { Logger } from '../lib/logger';
import { getUser, LIVE_ACCOUNT, type UserItem } from '../users/user';
import { userKey } from '../users/user-keys';
import { StripeCustomerKeys } from './membership-keys';
import { membershipOf, subscriptionLive, type MembershipFields } from './status';
import { callStripe, Stripe, stripe } from './stripe';

/**
 * Advanced membership through Stripe. The account item holds the member's customer, the
 * subscription that gives (or last gave) access and that subscription's state as last read from
 * Stripe; `status.ts` turns it into "pro or not" at request time. Every change comes from Stripe's
 * own answer (a re-read subscription, or the subscription an update returned), never from what a
 * client or an event's order says.
 */

/** What the account keeps of a subscription. */
interface SubscriptionSnapshot {
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
  const live = subscriptionLive(fields, now);
  const rank = live ? (fields.subscriptionCancelAtPeriodEnd ? 2 : 3) : fields.stripeSubscriptionId ? 1 : 0;
  return [rank, fields.proExpiresAt ? new Date(fields.proExpiresAt).getTime() : 0];
}

const better = (a: [number, number], b: [number, number]) => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);

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
    const current = user.stripeSubscriptionId ?? null;
    if (current && current !== snapshot.id && !better(worth(fieldsOf(snapshot), readAt), worth(user, readAt)))
      return user;
    try {
      const result = await db.update({
        Key: userKey(userId),
        UpdateExpression:
          'SET stripeSubscriptionId = :id, subscriptionStatus = :status, subscriptionCancelAtPeriodEnd = :cancel, proExpiresAt = :end, subscriptionSyncedAt = :readAt',
        ConditionExpression: `${LIVE_ACCOUNT} AND (attribute_not_exists(subscriptionSyncedAt) OR subscriptionSyncedAt <= :readAt) AND ${
          current ? 'stripeSubscriptionId = :current' : 'attribute_not_exists(stripeSubscriptionId)'
        }`,
        ExpressionAttributeValues: {
          ':id': snapshot.id,
          ':status': snapshot.status,
          ':cancel': snapshot.cancelAtPeriodEnd,
          ':end': snapshot.periodEnd,
          ':readAt': readAt.toISOString(),
          ...(current ? { ':current': current } : {}),
        },
        ReturnValues: 'ALL_NEW',
      });
      return result.Attributes as UserItem;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      // Someone wrote first: a newer read wins as it is; anything else is decided again.
    }
  }
  return (await getUser(userId))!;
}

/** Re-reads a subscription from Stripe and writes it onto its member's account. */
export async function refreshSubscription(userId: string, subscriptionId: string): Promise<UserItem> {
  const subscription = await callStripe((client) => client.subscriptions.retrieve(subscriptionId));
  return applySubscription(userId, subscription, new Date());
}

/** The member whose Stripe customer this is (the link written when the customer was made). */
export async function memberOfCustomer(customerId: string): Promise<string | undefined> {
  const { Item } = await db.get({ Key: StripeCustomerKeys.key({ customerId }) });
  return typeof Item?.userId === 'string' ? Item.userId : undefined;
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
    await transactWrite([
      {
        name: 'account',
        Update: {
          Key: userKey(user.id),
          UpdateExpression: 'SET stripeCustomerId = :customer',
          ConditionExpression: `${LIVE_ACCOUNT} AND (attribute_not_exists(stripeCustomerId) OR stripeCustomerId = :customer)`,
          ExpressionAttributeValues: { ':customer': customer.id },
        },
      },
      {
        name: 'link',
        Put: {
          Item: {
            ...StripeCustomerKeys.key({ customerId: customer.id }),
            userId: user.id,
            ...StripeCustomerKeys.owner({ userId: user.id, customerId: customer.id }),
          },
          ConditionExpression: 'attribute_not_exists(pk) OR userId = :user',
          ExpressionAttributeValues: { ':user': user.id },
        },
      },
    ]);
    return customer.id;
  } catch (error) {
    const fresh = await getUser(user.id);
    if (fresh?.stripeCustomerId && !fresh.deletingAt) return fresh.stripeCustomerId;
    throw error;
  }
}

/**
 * `POST /api/stripe/create-checkout-session`: a hosted checkout page for 500 yen a month (tax
 * included) for this member, who comes back to `/pro-checkout?success=1&session_id=…`. Refused
 * while the member is pro and renewing (a second subscription would charge twice); a cancelled
 * member whose period still runs may start a new one (the spec's "new checkout").
 */
export async function createCheckoutSession(user: UserItem): Promise<{ url: string }> {
  const membership = membershipOf(user);
  if (membership.status === 'active') throw new ConflictError(MEMBERSHIP_MESSAGES.alreadyMember);
  const customer = await customerFor(user);
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
      success_url: `${appUrl}/pro-checkout?success=1&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${appUrl}/pro-checkout`,
    }),
  );
  if (!session.url) throw new AppError(502, MEMBERSHIP_MESSAGES.checkoutFailed);
  await db
    .update({
      Key: userKey(user.id),
      UpdateExpression: 'SET stripeCheckoutSessionId = :session',
      ConditionExpression: LIVE_ACCOUNT,
      ExpressionAttributeValues: { ':session': session.id },
    })
    .catch((error: unknown) => {
      if (error instanceof ConditionalCheckFailedException) throw new UnauthorizedError();
      throw error;
    });
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

const idOf = (value: string | { id: string } | null) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** `GET /api/stripe/check-payment/{sessionId}`: what Stripe says of the member's own session. */
export async function checkPayment(user: UserItem, sessionId: string): Promise<PaymentCheck> {
  const session = await ownSession(user, sessionId);
  const fresh = (await getUser(user.id)) ?? user;
  const membership = membershipOf(fresh);
  const subscriptionId = idOf(session.subscription);
  const paid = session.status === 'complete' && session.payment_status === 'paid';
  const completed = paid && membership.isPro && subscriptionId === fresh.stripeSubscriptionId;
  return {
    payment_status: session.payment_status,
    is_pro: membership.isPro,
    upgrade_completed: completed,
    message: completed
      ? MEMBERSHIP_MESSAGES.upgraded
      : paid
        ? MEMBERSHIP_MESSAGES.paymentPending
        : MEMBERSHIP_MESSAGES.notPaid,
  };
}

/**
 * `POST /api/user/upgrade-pro`: makes the member pro when Stripe says they paid — their last
 * Checkout Session is complete and paid, or their customer has a paying subscription — by
 * writing that subscription as Stripe has it now. Idempotent; the client's word counts for nothing.
 */
export async function upgrade(user: UserItem): Promise<ProStatus> {
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

/** `POST /api/user/cancel-pro`: the subscription ends at the end of the paid period (`cancelled_but_active`). */
export async function cancel(user: UserItem): Promise<ProStatus> {
  if (!subscriptionLive(user)) {
    throw new ConflictError(
      user.proGranted ? MEMBERSHIP_MESSAGES.grantedCannotCancel : MEMBERSHIP_MESSAGES.noSubscription,
    );
  }
  if (user.subscriptionCancelAtPeriodEnd)
    return { ...membershipOf(user), message: MEMBERSHIP_MESSAGES.alreadyCancelled };
  const subscriptionId = user.stripeSubscriptionId!;
  const updated = await callStripe((client) =>
    client.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
  );
  const account = await applySubscription(user.id, updated, new Date());
  return { ...membershipOf(account), message: MEMBERSHIP_MESSAGES.cancelled };
}

/**
 * `POST /api/user/resume-pro`: while the period runs, the cancellation is undone. After it ended,
 * the previous subscription is started again: a new subscription for the same customer, plan and
 * card, charged now (off-session); when Stripe cannot charge that card without the member, the
 * answer says a new checkout is needed.
 */
export async function resume(user: UserItem, log: Logger): Promise<ProStatus> {
  const subscriptionId = user.stripeSubscriptionId;
  if (!subscriptionId || !user.stripeCustomerId) throw new ConflictError(MEMBERSHIP_MESSAGES.nothingToResume);
  if (subscriptionLive(user)) {
    if (!user.subscriptionCancelAtPeriodEnd)
      return { ...membershipOf(user), message: MEMBERSHIP_MESSAGES.alreadyActive };
    const updated = await callStripe((client) =>
      client.subscriptions.update(subscriptionId, { cancel_at_period_end: false }),
    );
    const account = await applySubscription(user.id, updated, new Date());
    return { ...membershipOf(account), message: MEMBERSHIP_MESSAGES.resumed };
  }
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
 * Account deletion: a subscription still running is cancelled at once, so nobody is charged for
 * an account that no longer exists.
 */
export async function cancelSubscriptionOfDeletedAccount(user: UserItem): Promise<void> {
  if (!user.stripeSubscriptionId || user.subscriptionStatus === 'canceled') return;
  const subscriptionId = user.stripeSubscriptionId;
  await callStripe(async (client) => {
    const subscription = await client.subscriptions.retrieve(subscriptionId);
    if (subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired')
      await client.subscriptions.cancel(subscriptionId);
  });
}
