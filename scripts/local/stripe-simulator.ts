import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { LOCAL_STRIPE_KEYS } from '@functions/membership/stripe';
import { checkoutPage, dashboardPage } from './stripe-pages';

/**
 * The local stand-in for Stripe (docs/brief/ARCHITECTURE.md §2): the part of Stripe's HTTP API the functions
 * use, spoken the way Stripe speaks it (form-encoded requests with bracketed keys, Bearer secret
 * key, `Idempotency-Key`, Stripe's object shapes for the API version the SDK pins, Stripe's error
 * body), so the functions run the real `stripe` SDK against it. Besides the API it serves:
 * - a hosted checkout page (`/checkout/{id}`, テスト決済: a pay and a cancel button, no card data);
 * - signed webhook delivery (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.body")`) to the
 *   app's `/api/stripe/webhook`, retried with backoff on any failure, as Stripe does;
 * - a test clock: `POST /_simulator/advance-clock {seconds}` moves subscriptions forward and emits
 *   what a real renewal (`invoice.paid`) or period end after a cancel (`customer.subscription.deleted`)
 *   would; `renewal: "fail"` makes the renewals fail instead (`invoice.payment_failed`, `past_due`).
 *   As with Stripe's test clocks, which move a customer's billing, Checkout Sessions keep real time:
 *   a session expires at its `expires_at` (`checkout.session.expired`) whatever the clock says;
 * - a page at `/` listing customers and subscriptions, with the clock's buttons.
 * Local stage only, on 127.0.0.1, never on the app port. Its objects live in memory, and in a
 * JSON file beside the local data when `npm run dev` gives one.
 */

export const STRIPE_API_VERSION = '2026-10-28.endive';

export interface StripeSimulatorOptions {
  /** 0 picks a free port. */
  port: number;
  /** Where events are delivered (the app's `/api/stripe/webhook`); settable later. Without one, events wait. */
  webhookUrl?: string;
  /** Where the simulator keeps its objects between runs (JSON); none keeps them in memory only. */
  stateFile?: string;
  /** Delivery retry delays in ms (Stripe: up to 3 days; locally seconds). */
  retryDelaysMs?: readonly number[];
  log?: (line: string) => void;
}

export interface RunningStripeSimulator {
  url: string;
  port: number;
  server: Server;
  /** Where events go from now on; `undefined` holds them (tests deliver their own, in their own order). */
  setWebhookUrl(url: string | undefined): void;
  /** Every event so far, oldest first. */
  events(): Record<string, unknown>[];
  /** Resolves when no webhook delivery is waiting or under way. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

type StripeObject = Record<string, unknown> & { id: string; object: string };
type Params = Record<string, unknown>;

interface Delivery {
  event: StripeObject;
  attempts: number;
  delivered: boolean;
  lastStatus?: number | string;
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const HOST = '127.0.0.1';
const MAX_BODY_BYTES = 256 * 1024;
const DEFAULT_RETRIES_MS = [1000, 2000, 5000, 10_000, 30_000, 60_000];
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

/** Stripe's form encoding: `a[b][0][c]=x` → `{ a: { b: [{ c: 'x' }] } }`. */
export function parseStripeForm(body: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((part, index) => part !== '' || index === 0);
    // A key naming an object's prototype is dropped whole.
    if (parts.some((part) => part === '__proto__' || part === 'constructor' || part === 'prototype'))
      continue;
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      const key = part === '' ? String(Object.keys(node).length) : part;
      if (index === parts.length - 1) node[key] = value;
      else node = (node[key] ??= {}) as Record<string, unknown>;
    });
  }
  return arrays(root) as Params;
}

/** Objects whose keys are 0..n-1 become arrays. */
function arrays(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([key, inner]) => [key, arrays(inner)] as const,
  );
  const keys = entries.map(([key]) => key);
  if (keys.length && keys.every((key, index) => key === String(index)))
    return entries.map(([, inner]) => inner);
  return Object.fromEntries(entries);
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const bool = (value: unknown) => value === 'true' || value === true;
const stringRecord = (value: unknown): Record<string, string> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(
        Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      )
    : {};

function addMonth(seconds: number): number {
  const date = new Date(seconds * 1000);
  const day = date.getUTCDate();
  date.setUTCMonth(date.getUTCMonth() + 1);
  // 31 January + 1 month is the end of February, as Stripe bills it.
  if (date.getUTCDate() !== day) date.setUTCDate(0);
  return Math.floor(date.getTime() / 1000);
}

function sign(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export async function startStripeSimulator(options: StripeSimulatorOptions): Promise<RunningStripeSimulator> {
  const log = options.log ?? (() => undefined);
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRIES_MS;
  let webhookUrl = options.webhookUrl;
  let base = '';
  /** The test clock: seconds added to the real time. */
  let clockOffset = 0;
  const now = () => Math.floor(Date.now() / 1000) + clockOffset;
  /** Checkout Sessions are not on the test clock (see the note at the top). */
  const realNow = () => Math.floor(Date.now() / 1000);

  const customers = new Map<string, StripeObject>();
  const sessions = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  const invoices = new Map<string, StripeObject>();
  const paymentIntents = new Map<string, StripeObject>();
  const prices = new Map<string, StripeObject>();
  const products = new Map<string, StripeObject>();
  const refunds = new Map<string, StripeObject>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const stores = { customers, sessions, subscriptions, invoices, paymentIntents, prices, products, refunds };
  // `npm run dev` keeps the simulator's objects with the local data, so members who paid keep
  // their customers and subscriptions across restarts (as the table keeps their ids).
  if (options.stateFile && existsSync(options.stateFile)) {
    const saved = JSON.parse(readFileSync(options.stateFile, 'utf8')) as {
      clockOffset: number;
      stores: Record<keyof typeof stores, StripeObject[]>;
    };
    clockOffset = saved.clockOffset;
    for (const [name, objects] of Object.entries(saved.stores))
      for (const object of objects) stores[name as keyof typeof stores]?.set(object.id, object);
  }
  const save = () => {
    if (!options.stateFile) return;
    mkdirSync(dirname(options.stateFile), { recursive: true });
    const snapshot = Object.fromEntries(
      Object.entries(stores).map(([name, store]) => [name, [...store.values()]]),
    );
    writeFileSync(options.stateFile, JSON.stringify({ clockOffset, stores: snapshot }));
  };
  const deliveries: Delivery[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let inFlight = 0;
  const waiters: (() => void)[] = [];
  let stopped = false;

  const pendingCount = () =>
    deliveries.filter((delivery) => !delivery.delivered && delivery.attempts <= retryDelays.length).length;
  const settle = () => {
    if (inFlight === 0 && timers.size === 0) for (const wake of waiters.splice(0)) wake();
  };

  // ---- webhooks -----------------------------------------------------------------------------

  function emit(type: string, object: StripeObject, previous?: Record<string, unknown>) {
    const event: StripeObject = {
      id: newId('evt'),
      object: 'event',
      api_version: STRIPE_API_VERSION,
      created: now(),
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const delivery: Delivery = { event, attempts: 0, delivered: false };
    deliveries.push(delivery);
    void deliver(delivery);
  }

  async function deliver(delivery: Delivery) {
    if (stopped || !webhookUrl) return;
    inFlight += 1;
    delivery.attempts += 1;
    const payload = JSON.stringify(delivery.event, null, 2);
    try {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': sign(payload, LOCAL_STRIPE_KEYS.webhookSecret),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks) local simulator',
        },
        body: payload,
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      delivery.lastStatus = response.status;
      delivery.delivered = response.ok;
    } catch (error) {
      delivery.lastStatus = error instanceof Error ? error.message : 'error';
    } finally {
      inFlight -= 1;
    }
    if (!delivery.delivered) {
      const delay = retryDelays[delivery.attempts - 1];
      log(
        `webhook ${String(delivery.event.type)} failed (${delivery.lastStatus}); ${delay === undefined ? 'giving up' : `retry in ${delay} ms`}`,
      );
      if (delay !== undefined && !stopped) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          void deliver(delivery);
        }, delay);
        timers.add(timer);
      }
    }
    settle();
  }

  // ---- objects ------------------------------------------------------------------------------

  const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });

  function priceFrom(data: Params | undefined, priceId: string | undefined): StripeObject {
    if (priceId) {
      const price = prices.get(priceId);
      if (!price)
        throw new StripeError(400, 'invalid_request_error', `No such price: '${priceId}'`, {
          code: 'resource_missing',
          param: 'price',
        });
      return price;
    }
    if (!data)
      throw new StripeError(400, 'invalid_request_error', 'Missing required param: price.', {
        code: 'parameter_missing',
      });
    const currency = text(data.currency);
    const amount = Number(text(data.unit_amount));
    const recurring = (data.recurring ?? {}) as Params;
    if (!currency || !Number.isInteger(amount) || amount < 0)
      throw new StripeError(400, 'invalid_request_error', 'Invalid price_data.', {
        code: 'parameter_invalid_integer',
        param: 'price_data',
      });
    let productId = text(data.product);
    if (productId && !products.has(productId))
      throw new StripeError(400, 'invalid_request_error', `No such product: '${productId}'`, {
        code: 'resource_missing',
        param: 'product',
      });
    if (!productId) {
      const productData = (data.product_data ?? {}) as Params;
      const product: StripeObject = {
        id: newId('prod'),
        object: 'product',
        active: true,
        name: text(productData.name) ?? 'Product',
        created: now(),
        livemode: false,
        metadata: {},
      };
      products.set(product.id, product);
      productId = product.id;
    }
    const price: StripeObject = {
      id: newId('price'),
      object: 'price',
      active: false,
      currency,
      unit_amount: amount,
      product: productId,
      recurring: {
        interval: text(recurring.interval) ?? 'month',
        interval_count: Number(text(recurring.interval_count) ?? 1),
      },
      tax_behavior: text(data.tax_behavior) ?? 'unspecified',
      type: 'recurring',
      created: now(),
      livemode: false,
      metadata: {},
    };
    prices.set(price.id, price);
    return price;
  }

  /** A paid invoice for one period of a subscription (and its payment intent). */
  function paidInvoice(
    subscription: StripeObject,
    price: StripeObject,
    reason: string,
    start: number,
    end: number,
    paid: boolean,
  ): StripeObject {
    const amount = Number(price.unit_amount);
    const invoiceId = newId('in');
    const intent: StripeObject = {
      id: newId('pi'),
      object: 'payment_intent',
      amount,
      currency: price.currency,
      customer: subscription.customer,
      status: paid ? 'succeeded' : 'requires_payment_method',
      latest_charge: newId(paid ? 'ch' : 'ch_failed'),
      created: now(),
      livemode: false,
    };
    paymentIntents.set(intent.id, intent);
    const invoice: StripeObject = {
      id: invoiceId,
      object: 'invoice',
      customer: subscription.customer,
      currency: price.currency,
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: now(),
      livemode: false,
      status: paid ? 'paid' : 'open',
      attempted: true,
      attempt_count: 1,
      period_start: start,
      period_end: end,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      status_transitions: {
        finalized_at: now(),
        paid_at: paid ? now() : null,
        marked_uncollectible_at: null,
        voided_at: null,
      },
      lines: list(
        [
          {
            id: newId('il'),
            object: 'line_item',
            amount,
            currency: price.currency,
            description: `1 × アドバンスド会員 (at ¥${amount} / month)`,
            period: { start, end },
          },
        ],
        `/v1/invoices/${invoiceId}/lines`,
      ),
      total: amount,
      subtotal: amount,
      metadata: {},
      _payments: [
        {
          id: newId('inpay'),
          object: 'invoice_payment',
          amount_paid: paid ? amount : null,
          amount_requested: amount,
          created: now(),
          currency: price.currency,
          invoice: invoiceId,
          is_default: true,
          livemode: false,
          payment: { type: 'payment_intent', payment_intent: intent.id },
          status: paid ? 'paid' : 'open',
          status_transitions: { canceled_at: null, paid_at: paid ? now() : null },
        },
      ],
    };
    invoices.set(invoice.id, invoice);
    return invoice;
  }

  /** A new subscription, its first period paid now (the checkout's card, or the saved one). */
  function startSubscription(
    customerId: string,
    price: StripeObject,
    metadata: Record<string, string>,
    paymentMethod: string,
  ): StripeObject {
    const start = now();
    const end = addMonth(start);
    const id = newId('sub');
    const subscription: StripeObject = {
      id,
      object: 'subscription',
      customer: customerId,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: start,
      start_date: start,
      billing_cycle_anchor: start,
      collection_method: 'charge_automatically',
      currency: price.currency,
      default_payment_method: paymentMethod,
      latest_invoice: null,
      livemode: false,
      metadata,
      items: list(
        [
          {
            id: newId('si'),
            object: 'subscription_item',
            created: start,
            current_period_start: start,
            current_period_end: end,
            metadata: {},
            price,
            quantity: 1,
            subscription: id,
          },
        ],
        `/v1/subscription_items?subscription=${id}`,
      ),
    };
    const invoice = paidInvoice(subscription, price, 'subscription_create', start, end, true);
    subscription.latest_invoice = invoice.id;
    subscriptions.set(id, subscription);
    emit('customer.subscription.created', subscription);
    emit('invoice.paid', publicInvoice(invoice));
    return subscription;
  }

  const itemOf = (subscription: StripeObject) => (subscription.items as { data: Params[] }).data[0]!;
  const periodEnd = (subscription: StripeObject) => Number(itemOf(subscription).current_period_end);

  function publicInvoice(invoice: StripeObject, expand: string[] = []): StripeObject {
    const { _payments: payments, ...rest } = invoice as StripeObject & { _payments: Params[] };
    if (!expand.some((path) => path === 'payments' || path.startsWith('payments.')))
      return rest as StripeObject;
    const expandIntent = expand.includes('payments.data.payment.payment_intent');
    return {
      ...rest,
      payments: list(
        payments.map((payment) => {
          const inner = payment.payment as Params;
          return expandIntent
            ? {
                ...payment,
                payment: { ...inner, payment_intent: paymentIntents.get(String(inner.payment_intent)) },
              }
            : payment;
        }),
        `/v1/invoices/${invoice.id}/payments`,
      ),
    } as StripeObject;
  }

  function endSubscription(subscription: StripeObject, at: number) {
    const previous = { status: subscription.status };
    Object.assign(subscription, {
      status: 'canceled',
      ended_at: at,
      canceled_at: subscription.canceled_at ?? at,
    });
    emit('customer.subscription.deleted', subscription, previous);
  }

  /** The test clock: moves time forward and runs every renewal or period end that falls due. */
  function advanceClock(seconds: number, renewal: 'pay' | 'fail') {
    clockOffset += seconds;
    for (const subscription of subscriptions.values()) {
      while (
        ['active', 'trialing', 'past_due'].includes(String(subscription.status)) &&
        periodEnd(subscription) <= now()
      ) {
        const end = periodEnd(subscription);
        if (subscription.cancel_at_period_end) {
          endSubscription(subscription, end);
          break;
        }
        if (subscription.status === 'past_due') {
          // Stripe's default after failed retries: the subscription is cancelled.
          endSubscription(subscription, end);
          break;
        }
        const next = addMonth(end);
        const price = itemOf(subscription).price as StripeObject;
        const paid = renewal === 'pay';
        const invoice = paidInvoice(subscription, price, 'subscription_cycle', end, next, paid);
        const previous = { status: subscription.status, items: structuredClone(subscription.items) };
        Object.assign(itemOf(subscription), { current_period_start: end, current_period_end: next });
        subscription.latest_invoice = invoice.id;
        if (!paid) subscription.status = 'past_due';
        emit(paid ? 'invoice.paid' : 'invoice.payment_failed', publicInvoice(invoice));
        emit('customer.subscription.updated', subscription, previous);
        if (!paid) break;
      }
    }
  }

  // ---- API ----------------------------------------------------------------------------------

  /** Stripe's list order: newest first. */
  const newestFirst = (a: StripeObject, b: StripeObject) =>
    Number(b.created) - Number(a.created) || (a.id < b.id ? 1 : -1);
  const listLimit = (params: Params) => Math.min(100, Math.max(1, Number(text(params.limit) ?? 10)));

  function expireSession(session: StripeObject) {
    Object.assign(session, { status: 'expired', url: null });
    emit('checkout.session.expired', publicSession(session));
  }

  /** Open sessions past their `expires_at` expire, as Stripe's own sweep does. */
  function expireDueSessions() {
    for (const session of sessions.values())
      if (session.status === 'open' && Number(session.expires_at) <= realNow()) expireSession(session);
  }

  /** A refund of a payment intent's charge (all of what is left of it unless `amount` says less). */
  function createRefund(params: Params): StripeObject {
    const intentId = text(params.payment_intent);
    const chargeId = text(params.charge);
    if (!intentId && !chargeId)
      throw new StripeError(
        400,
        'invalid_request_error',
        'One of the following params should be provided for this request: payment_intent or charge.',
        { code: 'parameter_missing' },
      );
    const intent = intentId
      ? need(paymentIntents, intentId, 'payment_intent')
      : [...paymentIntents.values()].find((candidate) => candidate.latest_charge === chargeId);
    if (!intent)
      throw new StripeError(404, 'invalid_request_error', `No such charge: '${chargeId}'`, {
        code: 'resource_missing',
        param: 'charge',
      });
    if (intent.status !== 'succeeded')
      throw new StripeError(
        400,
        'invalid_request_error',
        `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        { code: 'payment_intent_unexpected_state' },
      );
    const reason = text(params.reason);
    if (reason !== undefined && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason))
      throw new StripeError(400, 'invalid_request_error', `Invalid reason: ${reason}`, { param: 'reason' });
    const refunded = [...refunds.values()]
      .filter((refund) => refund.payment_intent === intent.id && refund.status === 'succeeded')
      .reduce((sum, refund) => sum + Number(refund.amount), 0);
    const left = Number(intent.amount) - refunded;
    if (left <= 0)
      throw new StripeError(
        400,
        'invalid_request_error',
        `Charge ${String(intent.latest_charge)} has already been refunded.`,
        { code: 'charge_already_refunded', charge: intent.latest_charge },
      );
    const amount = params.amount === undefined ? left : Number(text(params.amount));
    if (!Number.isInteger(amount) || amount <= 0 || amount > left)
      throw new StripeError(
        400,
        'invalid_request_error',
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        { code: 'amount_too_large', param: 'amount' },
      );
    const refund: StripeObject = {
      id: newId('re'),
      object: 'refund',
      amount,
      balance_transaction: newId('txn'),
      charge: intent.latest_charge,
      created: now(),
      currency: intent.currency,
      destination_details: {
        type: 'card',
        card: { type: 'refund', reference: null, reference_status: 'pending', reference_type: null },
      },
      metadata: stringRecord(params.metadata),
      payment_intent: intent.id,
      reason: reason ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
    refunds.set(refund.id, refund);
    emit('refund.created', refund);
    return refund;
  }

  function need<T extends StripeObject>(store: Map<string, T>, id: string, what: string): T {
    const found = store.get(id);
    if (!found)
      throw new StripeError(404, 'invalid_request_error', `No such ${what}: '${id}'`, {
        code: 'resource_missing',
        param: 'id',
      });
    return found;
  }

  function api(method: string, path: string, params: Params): unknown {
    expireDueSessions();
    const expand = ([] as unknown[]).concat(params.expand ?? []).map(String);
    const segments = path.split('/').filter(Boolean).slice(1); // drop "v1"
    const [resource, id, action] = segments;
    const key = `${method} ${resource}${segments[0] === 'checkout' ? `/${segments[1]}` : ''}`;
    const checkoutId = segments[0] === 'checkout' ? segments[2] : undefined;

    switch (key) {
      case 'POST customers': {
        const customer: StripeObject = {
          id: newId('cus'),
          object: 'customer',
          created: now(),
          email: text(params.email) ?? null,
          name: text(params.name) ?? null,
          metadata: stringRecord(params.metadata),
          livemode: false,
          invoice_settings: { default_payment_method: null },
        };
        customers.set(customer.id, customer);
        return customer;
      }
      case 'GET customers':
        return need(customers, id!, 'customer');
      case 'POST checkout/sessions': {
        if (checkoutId) {
          if (segments[3] !== 'expire' || segments.length !== 4) break;
          const session = need(sessions, checkoutId, 'checkout.session');
          if (session.status !== 'open')
            throw new StripeError(
              400,
              'invalid_request_error',
              `Only Checkout Sessions with a status in ["open"] can be expired. This session has a status of "${String(session.status)}".`,
            );
          expireSession(session);
          return publicSession(session);
        }
        if (text(params.mode) !== 'subscription')
          throw new StripeError(400, 'invalid_request_error', 'Only subscription mode is simulated.', {
            param: 'mode',
          });
        const customerId = text(params.customer);
        if (customerId) need(customers, customerId, 'customer');
        const successUrl = text(params.success_url);
        if (!successUrl)
          throw new StripeError(400, 'invalid_request_error', 'Missing required param: success_url.', {
            code: 'parameter_missing',
            param: 'success_url',
          });
        const lineItems = (params.line_items ?? []) as Params[];
        if (!Array.isArray(lineItems) || lineItems.length !== 1)
          throw new StripeError(400, 'invalid_request_error', 'Exactly one line item is simulated.', {
            param: 'line_items',
          });
        const price = priceFrom(lineItems[0]!.price_data as Params | undefined, text(lineItems[0]!.price));
        const created = realNow();
        const expiresAt =
          params.expires_at === undefined ? created + 24 * 3600 : Number(text(params.expires_at));
        // Stripe's range: 30 minutes to 24 hours after the session is made.
        if (!Number.isInteger(expiresAt) || expiresAt < created + 30 * 60 || expiresAt > created + 24 * 3600)
          throw new StripeError(
            400,
            'invalid_request_error',
            'The `expires_at` timestamp must be between 30 minutes and 24 hours after the Checkout Session is created.',
            { code: 'parameter_invalid_integer', param: 'expires_at' },
          );
        const id = newId('cs_test');
        const session: StripeObject = {
          id,
          object: 'checkout.session',
          mode: 'subscription',
          status: 'open',
          payment_status: 'unpaid',
          customer: customerId ?? null,
          customer_email: customerId ? (customers.get(customerId)!.email ?? null) : null,
          client_reference_id: text(params.client_reference_id) ?? null,
          currency: price.currency,
          amount_subtotal: price.unit_amount,
          amount_total: price.unit_amount,
          locale: text(params.locale) ?? null,
          metadata: stringRecord(params.metadata),
          subscription: null,
          invoice: null,
          success_url: successUrl,
          cancel_url: text(params.cancel_url) ?? null,
          url: `${base}/checkout/${id}`,
          created,
          expires_at: expiresAt,
          livemode: false,
          _price: price.id,
          _subscriptionMetadata: stringRecord((params.subscription_data as Params | undefined)?.metadata),
        };
        sessions.set(id, session);
        return publicSession(session);
      }
      case 'GET checkout/sessions': {
        if (checkoutId) {
          if (segments.length > 3) break;
          return publicSession(need(sessions, checkoutId, 'checkout.session'));
        }
        const customer = text(params.customer);
        const subscription = text(params.subscription);
        const status = text(params.status);
        const found = [...sessions.values()]
          .filter((session) => !customer || session.customer === customer)
          .filter((session) => !subscription || session.subscription === subscription)
          .filter((session) => !status || session.status === status)
          .sort(newestFirst)
          .slice(0, listLimit(params));
        return list(found.map(publicSession), '/v1/checkout/sessions');
      }
      case 'GET subscriptions': {
        if (id) return need(subscriptions, id, 'subscription');
        // Stripe's rule: no status lists all but cancelled ones; `all` lists every one.
        const customer = text(params.customer);
        const status = text(params.status);
        const found = [...subscriptions.values()]
          .filter((subscription) => !customer || subscription.customer === customer)
          .filter((subscription) =>
            status === 'all'
              ? true
              : status
                ? subscription.status === status
                : subscription.status !== 'canceled',
          )
          .sort(newestFirst)
          .slice(0, listLimit(params));
        return list(found, '/v1/subscriptions');
      }
      case 'POST subscriptions': {
        if (id && !action) {
          const subscription = need(subscriptions, id, 'subscription');
          if (subscription.status === 'canceled')
            throw new StripeError(
              400,
              'invalid_request_error',
              'A canceled subscription can only update its cancellation_details and metadata.',
              { code: 'resource_missing' },
            );
          const previous: Record<string, unknown> = {};
          if (params.cancel_at_period_end !== undefined) {
            const cancel = bool(params.cancel_at_period_end);
            if (cancel !== subscription.cancel_at_period_end) {
              previous.cancel_at_period_end = subscription.cancel_at_period_end;
              previous.cancel_at = subscription.cancel_at;
              previous.canceled_at = subscription.canceled_at;
              Object.assign(subscription, {
                cancel_at_period_end: cancel,
                cancel_at: cancel ? periodEnd(subscription) : null,
                canceled_at: cancel ? now() : null,
              });
            }
          }
          if (params.metadata !== undefined) {
            previous.metadata = subscription.metadata;
            subscription.metadata = {
              ...(subscription.metadata as object),
              ...stringRecord(params.metadata),
            };
          }
          if (Object.keys(previous).length) emit('customer.subscription.updated', subscription, previous);
          return subscription;
        }
        if (id) break;
        const customerId = text(params.customer);
        if (!customerId)
          throw new StripeError(400, 'invalid_request_error', 'Missing required param: customer.', {
            code: 'parameter_missing',
            param: 'customer',
          });
        need(customers, customerId, 'customer');
        const items = (params.items ?? []) as Params[];
        if (!Array.isArray(items) || items.length !== 1)
          throw new StripeError(400, 'invalid_request_error', 'Exactly one item is simulated.', {
            param: 'items',
          });
        const paymentMethod = text(params.default_payment_method);
        if (!paymentMethod)
          throw new StripeError(
            402,
            'card_error',
            'This customer has no attached payment source or default payment method.',
            { code: 'resource_missing', param: 'default_payment_method' },
          );
        const price = priceFrom(items[0]!.price_data as Params | undefined, text(items[0]!.price));
        return startSubscription(customerId, price, stringRecord(params.metadata), paymentMethod);
      }
      case 'DELETE subscriptions': {
        const subscription = need(subscriptions, id!, 'subscription');
        if (subscription.status === 'canceled')
          throw new StripeError(404, 'invalid_request_error', `No such subscription: '${id}'`, {
            code: 'resource_missing',
          });
        endSubscription(subscription, now());
        return subscription;
      }
      case 'POST refunds':
        if (id) break;
        return createRefund(params);
      case 'GET refunds': {
        if (id) return need(refunds, id, 'refund');
        const intent = text(params.payment_intent);
        const charge = text(params.charge);
        const found = [...refunds.values()]
          .filter((refund) => !intent || refund.payment_intent === intent)
          .filter((refund) => !charge || refund.charge === charge)
          .sort(newestFirst)
          .slice(0, listLimit(params));
        return list(found, '/v1/refunds');
      }
      case 'GET invoices':
        return publicInvoice(need(invoices, id!, 'invoice'), expand);
      case 'GET payment_intents':
        return need(paymentIntents, id!, 'payment_intent');
      case 'GET products':
        return need(products, id!, 'product');
      case 'GET prices':
        return need(prices, id!, 'price');
    }
    throw new StripeError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: ${path}). The local simulator implements only what the functions use.`,
    );
  }

  function publicSession(session: StripeObject): StripeObject {
    const { _price: _p, _subscriptionMetadata: _m, ...rest } = session;
    return rest as StripeObject;
  }

  /** The pay button: the session completes, the subscription starts, events go out. */
  function pay(session: StripeObject) {
    if (session.status !== 'open') return;
    let customerId = session.customer as string | null;
    if (!customerId) {
      const customer: StripeObject = {
        id: newId('cus'),
        object: 'customer',
        created: now(),
        email: null,
        name: null,
        metadata: {},
        livemode: false,
      };
      customers.set(customer.id, customer);
      customerId = customer.id;
    }
    const price = prices.get(String(session._price))!;
    const subscription = startSubscription(
      customerId,
      price,
      session._subscriptionMetadata as Record<string, string>,
      newId('pm'),
    );
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer: customerId,
      subscription: subscription.id,
      invoice: subscription.latest_invoice,
    });
    emit('checkout.session.completed', publicSession(session));
  }

  // ---- HTTP ---------------------------------------------------------------------------------

  const sendJson = (
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    if (response.headersSent || response.destroyed) return;
    response.writeHead(status, {
      'content-type': 'application/json',
      'request-id': newId('req'),
      'stripe-version': STRIPE_API_VERSION,
      ...headers,
    });
    response.end(JSON.stringify(body));
  };
  const sendHtml = (response: ServerResponse, status: number, html: string) => {
    if (response.headersSent || response.destroyed) return;
    response.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'; base-uri 'none'",
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    });
    response.end(html);
  };
  const redirect = (response: ServerResponse, location: string) => {
    response.writeHead(303, { location });
    response.end();
  };

  function readBody(request: IncomingMessage): Promise<string | 'too-large'> {
    return new Promise((done, fail) => {
      const chunks: Buffer[] = [];
      let size = 0;
      request.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      });
      request.on('end', () =>
        done(size > MAX_BODY_BYTES ? 'too-large' : Buffer.concat(chunks).toString('utf8')),
      );
      request.on('error', fail);
    });
  }

  /** Pages and the clock are posted by forms on this origin only: another site cannot pay or move time. */
  const foreignOrigin = (request: IncomingMessage) => {
    const origin = request.headers.origin;
    return origin !== undefined && origin !== base && origin !== 'null';
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', base);
    const method = (request.method ?? 'GET').toUpperCase();
    const body = method === 'GET' || method === 'HEAD' ? '' : await readBody(request);
    if (body === 'too-large')
      return sendJson(response, 413, {
        error: { type: 'invalid_request_error', message: 'Request too large.' },
      });

    if (url.pathname.startsWith('/v1/')) {
      if (request.headers.authorization !== `Bearer ${LOCAL_STRIPE_KEYS.secretKey}`)
        return sendJson(response, 401, {
          error: {
            type: 'invalid_request_error',
            message: 'Invalid API Key provided. The local simulator takes the key in the README.',
          },
        });
      const idempotencyKey = method === 'POST' ? request.headers['idempotency-key'] : undefined;
      const cacheKey =
        typeof idempotencyKey === 'string' ? `${url.pathname}\u0000${idempotencyKey}` : undefined;
      const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
      if (cached) return sendJson(response, cached.status, cached.body, { 'idempotent-replayed': 'true' });
      let status = 200;
      let answer: unknown;
      try {
        // The SDK sends GET and DELETE parameters in the query string, the others in the body.
        const form = method === 'GET' || method === 'DELETE' ? url.search.slice(1) : body;
        answer = api(method, url.pathname, parseStripeForm(form));
      } catch (error) {
        if (!(error instanceof StripeError)) throw error;
        status = error.status;
        answer = { error: { type: error.type, message: error.message, ...error.extra } };
      }
      if (cacheKey) idempotent.set(cacheKey, { status, body: answer });
      if (method !== 'GET') save();
      return sendJson(response, status, answer);
    }

    if (url.pathname === '/_simulator/advance-clock' && method === 'POST') {
      if (foreignOrigin(request)) return sendJson(response, 403, { error: { message: 'Foreign origin.' } });
      const form = /json/.test(request.headers['content-type'] ?? '')
        ? (JSON.parse(body || '{}') as Params)
        : Object.fromEntries(new URLSearchParams(body));
      const seconds = Number(form.seconds);
      if (!Number.isInteger(seconds) || seconds <= 0 || seconds > 5 * 366 * 86_400)
        return sendJson(response, 400, {
          error: {
            type: 'invalid_request_error',
            message: 'seconds must be a whole number of seconds, 1 to 5 years.',
          },
        });
      advanceClock(seconds, form.renewal === 'fail' ? 'fail' : 'pay');
      save();
      if (/json/.test(request.headers['content-type'] ?? ''))
        return sendJson(response, 200, { now: now(), offsetSeconds: clockOffset });
      return redirect(response, `${base}/`);
    }
    if (url.pathname === '/_simulator/state' && method === 'GET') {
      return sendJson(response, 200, {
        now: now(),
        offsetSeconds: clockOffset,
        webhookUrl,
        pendingDeliveries: pendingCount(),
        events: deliveries.map((delivery) => ({
          id: delivery.event.id,
          type: delivery.event.type,
          attempts: delivery.attempts,
          delivered: delivery.delivered,
          lastStatus: delivery.lastStatus,
        })),
      });
    }

    const checkout = /^\/checkout\/(cs_test_[A-Za-z0-9]+)(?:\/(pay|cancel))?$/.exec(url.pathname);
    if (checkout) {
      expireDueSessions();
      const session = sessions.get(checkout[1]!);
      if (!session) return sendHtml(response, 404, checkoutPage(undefined, undefined));
      if (method === 'POST') {
        if (foreignOrigin(request)) return sendHtml(response, 403, checkoutPage(undefined, undefined));
        // An expired session cannot be paid: the page says so, as Stripe's does.
        if (session.status === 'expired')
          return sendHtml(response, 410, checkoutPage(publicSession(session), undefined));
        if (checkout[2] === 'pay') {
          pay(session);
          save();
          return redirect(response, String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id));
        }
        if (checkout[2] === 'cancel')
          return redirect(response, String(session.cancel_url ?? session.success_url));
      }
      if (method === 'GET' && !checkout[2]) {
        const customer = session.customer ? customers.get(String(session.customer)) : undefined;
        return sendHtml(response, 200, checkoutPage(publicSession(session), customer));
      }
    }
    if (url.pathname === '/' && method === 'GET') {
      return sendHtml(
        response,
        200,
        dashboardPage({
          now: now(),
          offsetSeconds: clockOffset,
          subscriptions: [...subscriptions.values()].map((subscription) => ({
            id: subscription.id,
            customer: customers.get(String(subscription.customer)),
            status: String(subscription.status),
            cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end),
            periodEnd: periodEnd(subscription),
          })),
          deliveries: deliveries
            .slice(-20)
            .reverse()
            .map((delivery) => ({
              type: String(delivery.event.type),
              attempts: delivery.attempts,
              delivered: delivery.delivered,
              lastStatus: delivery.lastStatus,
            })),
        }),
      );
    }
    return sendJson(response, 404, { error: { type: 'invalid_request_error', message: 'Not found.' } });
  }

  const server = createServer((request, response) => {
    request.on('error', () => undefined);
    response.on('error', () => undefined);
    handle(request, response).catch((error: unknown) => {
      console.error('[stripe-simulator] request failed', error);
      sendJson(response, 500, { error: { type: 'api_error', message: 'Simulator error.' } });
    });
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port, HOST, () => done());
  });
  server.on('error', (error) => console.error('[stripe-simulator] server error', error));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  base = `http://${HOST}:${port}`;

  return {
    url: base,
    port,
    server,
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    events: () => deliveries.map((delivery) => structuredClone(delivery.event)),
    idle: () =>
      new Promise<void>((done) => {
        waiters.push(done);
        settle();
      }),
    stop: () =>
      new Promise<void>((done) => {
        stopped = true;
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        settle();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
