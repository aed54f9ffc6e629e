import { MEMBERSHIP, MEMBERSHIP_MESSAGES } from '@shared/membership';
import { BadRequestError, NotFoundError, UnauthorizedError } from '../lib/errors';
import type { Logger } from '../lib/logger';
import { emitMetric, METRIC } from '../lib/metrics';
import { applySubscription, endNow, liveSubscriptions, refreshSubscription } from './membership';
import { idOf, isPaid } from './membership-policy';
import { eventSeen, logOnce, memberOfCustomer, recordEvent, recordPaidAt } from './membership-store';
import { DUPLICATE_DESCRIPTIONS, type PaymentLogEntry } from './payment-log';
import type { Stripe } from './stripe';
import { callStripe, stripe, stripeErrorOf, webhookSecret } from './stripe';

/**
 * Stripe's webhook (`POST /api/stripe/webhook`). An event is believed only when its signature
 * over the raw body checks out; it then says only *what* to look at: the subscription, session or
 * invoice it names is read again from Stripe, so events that come late, twice or out of order all
 * end in Stripe's current state. Writing that state is idempotent; the one effect that is not (the
 * payment log) is written in one transaction with the event's receipt, put only if absent, so an
 * event delivered twice (or to two functions at once) logs one payment. A second subscription of
 * one member is ended and refunded here too (`keepOneSubscription`), logged once by its refund.
 */

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

/** The event, if its `Stripe-Signature` header is Stripe's (HMAC-SHA256 of `t.body`, 5 minutes' tolerance). */
async function verifiedEvent(
  rawBody: Buffer | undefined,
  signature: string | undefined,
): Promise<Stripe.Event> {
  if (!rawBody?.length || !signature) throw new BadRequestError(MEMBERSHIP_MESSAGES.invalidSignature);
  const [client, secret] = await Promise.all([stripe(), webhookSecret()]);
  try {
    return client.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new BadRequestError(MEMBERSHIP_MESSAGES.invalidSignature);
  }
}

/** What an event leads to: the member, and a payment to log. */
interface Effect {
  userId?: string;
  payment?: PaymentLogEntry;
}

/** A member who is gone (or going) needs nothing written: account deletion ends their subscriptions. */
function ignoreGoneMember(error: unknown) {
  if (error instanceof UnauthorizedError || error instanceof NotFoundError) return;
  throw error;
}

/** Re-reads the subscription for its member. */
async function refresh(userId: string, subscriptionId: string): Promise<void> {
  await refreshSubscription(userId, subscriptionId).catch(ignoreGoneMember);
}

/** The payment of a subscription's latest invoice, refunded in full: once, however often asked. */
async function refundPayment(
  subscription: Stripe.Subscription,
  metadata: Record<string, string>,
): Promise<{ invoice?: Stripe.Invoice; refund?: Stripe.Refund }> {
  const invoiceId = idOf(subscription.latest_invoice);
  if (!invoiceId) return {};
  const invoice = await callStripe((client) => client.invoices.retrieve(invoiceId, { expand: ['payments'] }));
  const payment = invoice.payments?.data.find((entry) => entry.is_default) ?? invoice.payments?.data[0];
  const intent = idOf(payment?.payment.payment_intent);
  const charge = idOf(payment?.payment.charge);
  if (invoice.status !== 'paid' || !invoice.amount_paid || (!intent && !charge)) return { invoice };
  const target = intent ? { payment_intent: intent } : { charge: charge! };
  try {
    const refund = await callStripe((client) =>
      client.refunds.create(
        { ...target, reason: 'duplicate', metadata },
        { idempotencyKey: `refund-${invoice.id}` },
      ),
    );
    return { invoice, refund };
  } catch (error) {
    // Refunded before under this key more than a day ago (Stripe keeps keys 24 hours): find that refund.
    if (stripeErrorOf(error)?.code !== 'charge_already_refunded') throw error;
    const listed = await callStripe((client) => client.refunds.list({ ...target, limit: 1 }));
    return { invoice, ...(listed.data[0] ? { refund: listed.data[0] } : {}) };
  }
}

/**
 * One live subscription per member (issue 26, docs/decisions.md). When a second one started anyway (two checkouts
 * paid at once, in two tabs), the one kept is the paid one started first (`liveSubscriptions`);
 * every other ends at once, its payment is refunded in full, the account follows the kept one,
 * and the payment log says what was done. Every webhook of the pair runs this at once: Stripe
 * answers the second cancel and refund as done, and the log line is keyed by the refund.
 */
async function keepOneSubscription(
  userId: string,
  customerId: string,
  eventId: string,
  log: Logger,
): Promise<void> {
  const [kept, ...others] = await liveSubscriptions(customerId);
  if (!kept || !others.length) return;
  for (const other of others) {
    const ended = await endNow(other.id);
    await applySubscription(userId, ended, new Date()).catch(ignoreGoneMember);
    const { invoice, refund } = isPaid(other)
      ? await refundPayment(other, { userId, subscriptionId: other.id, keptSubscriptionId: kept.id })
      : {};
    const at = new Date((refund?.created ?? ended.canceled_at ?? ended.ended_at ?? 0) * 1000).toISOString();
    await logOnce(
      {
        userId,
        paymentIntentId: idOf(refund?.payment_intent),
        chargeId: idOf(refund?.charge),
        customerId,
        subscriptionId: other.id,
        invoiceId: invoice?.id ?? null,
        amount: refund?.amount ?? 0,
        currency: refund?.currency ?? invoice?.currency ?? MEMBERSHIP.currency,
        status: refund ? 'refunded' : 'canceled',
        paymentType: 'duplicate_subscription',
        description: refund ? DUPLICATE_DESCRIPTIONS.refunded : DUPLICATE_DESCRIPTIONS.canceled,
        metadata: { keptSubscriptionId: kept.id, ...(refund ? { refundId: refund.id } : {}) },
        webhookEventId: eventId,
        createdAt: at,
        updatedAt: at,
      },
      refund?.id ?? other.id,
    );
    log.warn('second subscription ended', { userId, subscriptionId: other.id, keptSubscriptionId: kept.id });
  }
  await applySubscription(userId, kept, new Date()).catch(ignoreGoneMember);
}

async function sessionCompleted(sessionId: string, eventId: string, log: Logger): Promise<Effect> {
  const session = await callStripe((client) => client.checkout.sessions.retrieve(sessionId));
  const customerId = idOf(session.customer);
  const userId = customerId ? await memberOfCustomer(customerId) : undefined;
  if (!userId || session.client_reference_id !== userId) {
    log.warn('checkout session of no member', { sessionId, customerId });
    return {};
  }
  const subscriptionId = idOf(session.subscription);
  if (subscriptionId && session.payment_status === 'paid') {
    await refresh(userId, subscriptionId);
    await keepOneSubscription(userId, customerId!, eventId, log);
  }
  return { userId };
}

async function subscriptionChanged(event: Stripe.Event, log: Logger): Promise<Effect> {
  const subscription = event.data.object as Stripe.Subscription;
  const customerId = idOf(subscription.customer);
  const userId = customerId ? await memberOfCustomer(customerId) : undefined;
  if (!userId) {
    log.warn('subscription of no member', { subscriptionId: subscription.id, customerId });
    return {};
  }
  await refresh(userId, subscription.id);
  if (event.type === 'customer.subscription.created')
    await keepOneSubscription(userId, customerId!, event.id, log);
  return { userId };
}

async function invoiceSettled(event: Stripe.Event, invoiceId: string, log: Logger): Promise<Effect> {
  const invoice = await callStripe((client) =>
    client.invoices.retrieve(invoiceId, { expand: ['payments', 'payments.data.payment.payment_intent'] }),
  );
  const customerId = idOf(invoice.customer);
  const userId = customerId ? await memberOfCustomer(customerId) : undefined;
  if (!userId) {
    log.warn('invoice of no member', { invoiceId, customerId });
    return {};
  }
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  if (subscriptionId) await refresh(userId, subscriptionId);
  const paid = event.type === 'invoice.paid';
  const payment = invoice.payments?.data.find((entry) => entry.is_default) ?? invoice.payments?.data[0];
  const paidAt = invoice.status_transitions.paid_at;
  if (paid && paidAt) await recordPaidAt(userId, new Date(paidAt * 1000).toISOString());
  const now = new Date().toISOString();
  return {
    userId,
    payment: {
      userId,
      paymentIntentId: idOf(payment?.payment.payment_intent),
      chargeId: idOf(payment?.payment.charge) ?? chargeOf(payment?.payment.payment_intent),
      customerId,
      subscriptionId,
      invoiceId: invoice.id,
      amount: paid ? invoice.amount_paid : invoice.amount_due,
      currency: invoice.currency || MEMBERSHIP.currency,
      status: paid ? 'succeeded' : 'failed',
      paymentType:
        invoice.billing_reason === 'subscription_create' ? 'subscription_start' : 'subscription_renewal',
      description: invoice.lines.data[0]?.description ?? MEMBERSHIP.planName,
      metadata: { billingReason: invoice.billing_reason, eventType: event.type },
      webhookEventId: event.id,
      createdAt: now,
      updatedAt: now,
    },
  };
}

/** The charge of an expanded payment intent. */
function chargeOf(intent: string | Stripe.PaymentIntent | undefined): string | null {
  return typeof intent === 'object' ? idOf(intent.latest_charge) : null;
}

/** Handles one delivery of Stripe's webhook; anything that fails is answered 500 and Stripe tries again. */
export async function handleWebhook(
  rawBody: Buffer | undefined,
  signature: string | undefined,
  log: Logger,
): Promise<WebhookOutcome> {
  const event = await verifiedEvent(rawBody, signature);
  if (await eventSeen(event.id)) return 'duplicate';
  const object = event.data.object as { id?: unknown };
  const objectId = typeof object.id === 'string' ? object.id : '';
  let effect: Effect | undefined;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      effect = await sessionCompleted(objectId, event.id, log);
      break;
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      effect = await subscriptionChanged(event, log);
      break;
    case 'invoice.paid':
    case 'invoice.payment_failed':
      effect = await invoiceSettled(event, objectId, log);
      break;
    default:
      effect = undefined;
  }
  const payment = effect?.payment;
  // The same event, delivered twice at once: the other delivery logged it.
  if ((await recordEvent(event, new Date(), payment)) === 'duplicate') return 'duplicate';
  log.info('stripe event', { eventId: event.id, type: event.type, userId: effect?.userId });
  if (payment?.status === 'succeeded') emitMetric(METRIC.payments, 1, { amount: Number(payment.amount) });
  return effect?.userId ? 'applied' : 'ignored';
}
