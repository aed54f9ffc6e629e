import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMissingCategories } from '@functions/categories/category';
import { SEED_CATEGORIES } from '@functions/categories/seed-categories';
import { db } from '@functions/data/db';
import { queryAll } from '@functions/data/paginate';
import { PaymentLogKeys } from '@functions/membership/membership-keys';
import { getUser } from '@functions/users/user-store';
import { userKey } from '@functions/users/user-keys';
import { LIMITS } from '@shared/constants';
import { MEMBERSHIP_MESSAGES, type PaymentCheck, type MembershipStatus } from '@shared/membership';
import { member, PASSWORD, registered, visitor } from '../support/actors';
import { startTestGateway } from '../support/gateway';
import type { TestClient } from '../support/http-client';
import { advanceClock, payCheckout, signedEvent, startTestPayments } from '../support/payments';

/**
 * Advanced membership through the gateway against the payment simulator: nobody becomes pro
 * without paying, nobody pays without becoming pro, and webhooks delivered twice, late or out of
 * order change nothing twice.
 */
let gateway: Awaited<ReturnType<typeof startTestGateway>>;
let payments: Awaited<ReturnType<typeof startTestPayments>>;

beforeAll(async () => {
  await createMissingCategories(SEED_CATEGORIES);
  gateway = await startTestGateway();
  payments = await startTestPayments(gateway);
});
afterAll(async () => {
  await payments?.simulator.stop();
  await gateway?.stop();
});

const DAY = 86_400;
const membershipStatus = async (client: TestClient) => {
  const response = await client.get('/api/user/pro');
  expect(response.status, response.text).toBe(200);
  return response.json as unknown as MembershipStatus;
};
const isMemberPerMe = async (client: TestClient) => (await client.get('/api/auth/me')).json.isPro as boolean;
const aiTotal = async (client: TestClient) => (await client.get('/api/ai/usage-limit')).json.total as number;
const privateQuiz = (title: string) => ({
  quiz: { title, description: '説明文', category: '科学', difficulty: '初級', isPublished: false },
  questions: [
    {
      questionText: '1問目',
      optionA: '正解',
      optionB: '不正解',
      optionC: '',
      optionD: null,
      correctAnswer: 'A',
    },
  ],
});

/** Starts a checkout as the member's page does. */
async function startCheckout(client: TestClient) {
  const response = await client.request('POST', '/api/stripe/create-checkout-session', { json: {} });
  expect(response.status, response.text).toBe(200);
  return String(response.json.url);
}

/** A member who paid through the simulator's page, with every webhook delivered. */
async function paidMember() {
  const { client, user } = await member(gateway);
  const checkoutUrl = await startCheckout(client);
  const back = await payCheckout(checkoutUrl);
  await payments.simulator.idle();
  return { client, user, sessionId: new URL(back).searchParams.get('session_id')! };
}

const paymentLogs = (userId: string) =>
  queryAll<{
    webhookEventId: string;
    status: string;
    amount: number;
    currency: string;
    paymentIntentId: string | null;
    chargeId: string | null;
  }>({
    partition: PaymentLogKeys.pk({ userId }),
  });

/** Answers of one member's parallel payment calls: some 200, the rest refused by the per-minute limit. */
function expectUpToLimit(answers: { status: number; text: string; json: Record<string, unknown> }[]) {
  for (const answer of answers) {
    expect([200, 429], answer.text).toContain(answer.status);
    if (answer.status === 429) expect(answer.json.message).toBe(MEMBERSHIP_MESSAGES.paymentCallsTooFast);
  }
  expect(answers.some((answer) => answer.status === 200)).toBe(true);
}

describe('paying', () => {
  it('a free member is not pro and sees the free plan', async () => {
    const { client } = await member(gateway);
    expect(await membershipStatus(client)).toEqual({
      isPro: false,
      status: 'inactive',
      expiresAt: null,
      message: MEMBERSHIP_MESSAGES.statusFree,
    });
    expect((await (await visitor(gateway)).get('/api/user/pro')).status).toBe(401);
  });

  it("checkout → pay on the simulator page → pro, with the webhook; the session is the member's own", async () => {
    const { client, user } = await member(gateway);
    const checkoutUrl = await startCheckout(client);
    expect(checkoutUrl.startsWith(`${payments.simulator.url}/checkout/cs_test_`)).toBe(true);
    const sessionId = checkoutUrl.split('/').at(-1)!;

    const before = await client.get(`/api/stripe/check-payment/${sessionId}`);
    expect(before.json).toMatchObject({ payment_status: 'unpaid', is_pro: false, upgrade_completed: false });
    const refused = await client.request('POST', '/api/user/upgrade-pro');
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(MEMBERSHIP_MESSAGES.notPaid);
    expect(await isMemberPerMe(client)).toBe(false);

    const page = await fetch(checkoutUrl);
    expect(await page.text()).toContain('テスト決済');
    const back = await payCheckout(checkoutUrl);
    expect(back).toBe(`http://localhost:3000/pro-checkout?success=1&session_id=${sessionId}`);
    await payments.simulator.idle();

    const check = (await client.get(`/api/stripe/check-payment/${sessionId}`))
      .json as unknown as PaymentCheck;
    expect(check).toMatchObject({ payment_status: 'paid', is_pro: true, upgrade_completed: true });
    expect(await isMemberPerMe(client)).toBe(true);
    const status = await membershipStatus(client);
    expect(status).toMatchObject({ isPro: true, status: 'active' });
    const days = (new Date(status.expiresAt!).getTime() - Date.now()) / 1000 / DAY;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    expect(await aiTotal(client)).toBe(LIMITS.aiGenerationsPerDayWithMembership);

    const logs = await paymentLogs(user.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ status: 'succeeded', amount: 500, currency: 'jpy' });
    expect(logs[0]!.paymentIntentId).toMatch(/^pi_/);
    expect(logs[0]!.chargeId).toMatch(/^ch_/);
    const account = await getUser(user.id);
    expect(account?.proFirstPaidAt).toBeTruthy();
    expect(account?.proLastPaidAt).toBe(account?.proFirstPaidAt);

    // Someone else's session looks like none; a malformed id is refused before Stripe is asked.
    const { client: other } = await member(gateway);
    const foreign = await other.get(`/api/stripe/check-payment/${sessionId}`);
    expect(foreign.status).toBe(404);
    expect((await other.get('/api/stripe/check-payment/not-a-session')).status).toBe(400);
    // Already pro: a second subscription would charge twice.
    const again = await client.request('POST', '/api/stripe/create-checkout-session', { json: {} });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(MEMBERSHIP_MESSAGES.alreadyMember);
  });

  it('without any webhook, upgrade-pro asks Stripe and makes the member pro (once, however often it is called)', async () => {
    payments.simulator.setWebhookUrl(undefined);
    try {
      const { client, user } = await member(gateway);
      await payCheckout(await startCheckout(client));
      expect(await isMemberPerMe(client)).toBe(false);
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => client.request('POST', '/api/user/upgrade-pro')),
      );
      // Past the member's payment calls of the minute: 429, never a 500.
      expectUpToLimit(answers);
      for (const answer of answers.filter((answer) => answer.status === 200))
        expect(answer.json).toMatchObject({ isPro: true, status: 'active' });
      expect(await isMemberPerMe(client)).toBe(true);
      const account = await getUser(user.id);
      const listed = await payments.sdk.subscriptions.list({
        customer: account!.stripeCustomerId!,
        status: 'all',
      });
      expect(listed.data).toHaveLength(1);
    } finally {
      payments.simulator.setWebhookUrl(`${gateway.url}/api/stripe/webhook`);
    }
  });

  it('thirty checkouts started at once (tabs): one customer and one payable page', async () => {
    const { client, user } = await member(gateway);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        client.request('POST', '/api/stripe/create-checkout-session', { json: {} }),
      ),
    );
    for (const answer of answers) {
      expect([200, 409, 429], answer.text).toContain(answer.status);
      if (answer.status === 409) expect(answer.json.message).toBe(MEMBERSHIP_MESSAGES.checkoutOpen);
    }
    const account = await getUser(user.id);
    const open = await payments.sdk.checkout.sessions.list({
      customer: account!.stripeCustomerId!,
      status: 'open',
    });
    expect(open.data).toHaveLength(1);
    const [session] = open.data;
    expect(answers.map((answer) => answer.json.url)).toContain(session!.url);
    expect(session).toMatchObject({ client_reference_id: user.id, amount_total: 500, currency: 'jpy' });
    const customers = await payments.sdk.checkout.sessions.list({ customer: account!.stripeCustomerId! });
    expect(customers.data.length).toBeGreaterThanOrEqual(1);
    for (const made of customers.data) expect(made.customer).toBe(account!.stripeCustomerId);
  });

  it('a granted member (the local pro account) is pro without a subscription and has nothing to cancel', async () => {
    const { client } = await member(gateway, { isPro: true });
    expect(await membershipStatus(client)).toEqual({
      isPro: true,
      status: 'active',
      expiresAt: null,
      message: MEMBERSHIP_MESSAGES.statusGranted,
    });
    const cancel = await client.request('POST', '/api/user/cancel-pro');
    expect(cancel.status).toBe(409);
    expect(cancel.json.message).toBe(MEMBERSHIP_MESSAGES.grantedCannotCancel);
    expect((await client.request('POST', '/api/stripe/create-checkout-session', { json: {} })).status).toBe(
      409,
    );
  });
});

describe('the webhook', () => {
  it('refuses a missing or wrong signature with 400 and changes nothing', async () => {
    payments.simulator.setWebhookUrl(undefined);
    try {
      const { client, user } = await member(gateway);
      await payCheckout(await startCheckout(client));
      const completed = payments.simulator
        .events()
        .find(
          (event) =>
            event.type === 'checkout.session.completed' &&
            (event.data as { object: { client_reference_id: string } }).object.client_reference_id ===
              user.id,
        )!;
      const { payload, signature } = signedEvent(completed, 'whsec_not_the_secret');
      const post = (headers: Record<string, string>, body = payload) =>
        fetch(`${gateway.url}/api/stripe/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body,
        });
      const unsigned = await post({});
      expect(unsigned.status).toBe(400);
      expect(((await unsigned.json()) as { message: string }).message).toBe(
        MEMBERSHIP_MESSAGES.invalidSignature,
      );
      expect((await post({ 'stripe-signature': signature })).status).toBe(400);
      // A right signature over another body.
      const good = signedEvent(completed);
      expect((await post({ 'stripe-signature': good.signature }, `${payload} `)).status).toBe(400);
      expect(await isMemberPerMe(client)).toBe(false);
      expect((await getUser(user.id))?.stripeSubscriptionId).toBeUndefined();
      // The right one, signed with the README's secret, works.
      expect((await post({ 'stripe-signature': good.signature }, good.payload)).status).toBe(200);
      expect(await isMemberPerMe(client)).toBe(true);
    } finally {
      payments.simulator.setWebhookUrl(`${gateway.url}/api/stripe/webhook`);
    }
  });

  it('has one effect for an event delivered twice, or thirty times at once', async () => {
    const { user } = await paidMember();
    const account = await getUser(user.id);
    const invoicePaid = payments.simulator
      .events()
      .find(
        (event) =>
          event.type === 'invoice.paid' &&
          (event.data as { object: { customer: string } }).object.customer === account!.stripeCustomerId,
      )!;
    expect(await paymentLogs(user.id)).toHaveLength(1);
    const { payload, signature } = signedEvent(invoicePaid);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        fetch(`${gateway.url}/api/stripe/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body: payload,
        }),
      ),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
    const logs = await paymentLogs(user.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]!.webhookEventId).toBe(invoicePaid.id);
  });

  it("ends in Stripe's state whatever the order: subscription.updated before checkout.session.completed, and an old event after a cancel", async () => {
    payments.simulator.setWebhookUrl(undefined);
    const { client, user } = await member(gateway);
    try {
      const held = payments.simulator.events().length;
      await payCheckout(await startCheckout(client));
      const events = payments.simulator.events().slice(held);
      const byType = (type: string) => events.find((event) => event.type === type)!;
      const send = async (event: Record<string, unknown>) => {
        const { payload, signature } = signedEvent(event);
        const answer = await fetch(`${gateway.url}/api/stripe/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body: payload,
        });
        expect(answer.status).toBe(200);
      };
      const created = byType('customer.subscription.created');
      // An "updated" event Stripe sent later, delivered first.
      await send({ ...created, id: 'evt_out_of_order_update', type: 'customer.subscription.updated' });
      expect(await membershipStatus(client)).toMatchObject({ isPro: true, status: 'active' });
      await send(byType('checkout.session.completed'));
      expect(await membershipStatus(client)).toMatchObject({ isPro: true, status: 'active' });

      // Cancelled; then the first "created" event (saying it renews) arrives late: still cancelled.
      const cancel = await client.request('POST', '/api/user/cancel-pro');
      expect(cancel.status, cancel.text).toBe(200);
      await send(created);
      expect(await membershipStatus(client)).toMatchObject({ isPro: true, status: 'cancelled_but_active' });
      expect((await getUser(user.id))?.subscriptionCancelAtPeriodEnd).toBe(true);
    } finally {
      payments.simulator.setWebhookUrl(`${gateway.url}/api/stripe/webhook`);
    }
  });
});

describe('cancelling, resuming, renewing and ending', () => {
  it('cancel → resume → cancel → past the period end: inactive with expiresAt, back to free quotas, nothing deleted', async () => {
    const { client } = await paidMember();
    const kept = await client.request('POST', '/api/quizzes', { json: privateQuiz('会員の非公開クイズ') });
    expect(kept.status, kept.text).toBe(201);
    const cancelled = await client.request('POST', '/api/user/cancel-pro');
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json).toMatchObject({
      isPro: true,
      status: 'cancelled_but_active',
      message: MEMBERSHIP_MESSAGES.cancelled,
    });
    const resumed = await client.request('POST', '/api/user/resume-pro');
    expect(resumed.json).toMatchObject({
      isPro: true,
      status: 'active',
      message: MEMBERSHIP_MESSAGES.resumed,
    });
    const again = await client.request('POST', '/api/user/cancel-pro');
    expect(again.json).toMatchObject({ status: 'cancelled_but_active' });
    const { expiresAt } = await membershipStatus(client);

    await payments.simulator.idle();
    await advanceClock(payments.simulator.url, 32 * DAY);
    await payments.simulator.idle();
    expect(await membershipStatus(client)).toEqual({
      isPro: false,
      status: 'inactive',
      expiresAt,
      message: MEMBERSHIP_MESSAGES.statusExpired,
    });
    expect(await isMemberPerMe(client)).toBe(false);
    expect(await aiTotal(client)).toBe(LIMITS.aiGenerationsPerDayFree);
    // No new private quiz; the one made while pro is still there, still private.
    const refused = await client.request('POST', '/api/quizzes', { json: privateQuiz('もう一つ') });
    expect(refused.status).toBe(403);
    const mine = (await client.get('/api/my-quizzes')).json as unknown as {
      id: string;
      isPublished: boolean;
    }[];
    expect(mine).toEqual([expect.objectContaining({ id: kept.json.id, isPublished: false })]);
    const cancelAfter = await client.request('POST', '/api/user/cancel-pro');
    expect(cancelAfter.status).toBe(409);
  });

  it('cancelling thirty times at once is one cancellation (the calls past the minute get 429)', async () => {
    const { client, user } = await paidMember();
    const repeats = await Promise.all(
      Array.from({ length: 30 }, () => client.request('POST', '/api/user/cancel-pro')),
    );
    expectUpToLimit(repeats);
    for (const repeat of repeats.filter((answer) => answer.status === 200))
      expect(repeat.json).toMatchObject({ status: 'cancelled_but_active' });
    const subscriptionId = (await getUser(user.id))!.stripeSubscriptionId!;
    expect((await payments.sdk.subscriptions.retrieve(subscriptionId)).cancel_at_period_end).toBe(true);
    expect(await membershipStatus(client)).toMatchObject({ isPro: true, status: 'cancelled_but_active' });
  });

  it('after the end, resume starts the previous plan again on the same card', async () => {
    const { client, user } = await paidMember();
    await client.request('POST', '/api/user/cancel-pro');
    await payments.simulator.idle();
    await advanceClock(payments.simulator.url, 32 * DAY);
    await payments.simulator.idle();
    expect((await membershipStatus(client)).isPro).toBe(false);
    const before = (await getUser(user.id))!.stripeSubscriptionId;

    const resumed = await client.request('POST', '/api/user/resume-pro');
    expect(resumed.status, resumed.text).toBe(200);
    expect(resumed.json).toMatchObject({ isPro: true, status: 'active' });
    await payments.simulator.idle();
    const account = (await getUser(user.id))!;
    expect(account.stripeSubscriptionId).not.toBe(before);
    expect(await paymentLogs(user.id)).toHaveLength(2);
  });

  it('a renewal moves expiresAt a month on and logs the payment; a failed renewal ends pro at once', async () => {
    const { client, user } = await paidMember();
    const first = await membershipStatus(client);
    await advanceClock(payments.simulator.url, 32 * DAY);
    await payments.simulator.idle();
    const renewed = await membershipStatus(client);
    expect(renewed).toMatchObject({ isPro: true, status: 'active' });
    const gained =
      (new Date(renewed.expiresAt!).getTime() - new Date(first.expiresAt!).getTime()) / 1000 / DAY;
    expect(gained).toBeGreaterThanOrEqual(28);
    expect(gained).toBeLessThanOrEqual(31);
    const logs = await paymentLogs(user.id);
    expect(logs.map((log) => log.status)).toEqual(['succeeded', 'succeeded']);
    const stats = (await client.get('/api/user/stats')).json;
    expect(stats.proLastPaidAt).toBe((await getUser(user.id))?.proLastPaidAt);
    expect(stats.proLastPaidAt).not.toBe((await getUser(user.id))?.proFirstPaidAt);

    await advanceClock(payments.simulator.url, 32 * DAY, 'fail');
    await payments.simulator.idle();
    expect(await membershipStatus(client)).toMatchObject({ isPro: false, status: 'inactive' });
    expect((await paymentLogs(user.id)).map((log) => log.status)).toContain('failed');
  });

  it('is decided at request time: a period that has ended is over even before any webhook says so', async () => {
    const { client, user } = await paidMember();
    await db.update({
      Key: userKey(user.id),
      UpdateExpression: 'SET proExpiresAt = :past',
      ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
    });
    expect(await isMemberPerMe(client)).toBe(false);
    expect(await membershipStatus(client)).toMatchObject({ isPro: false, status: 'inactive' });
    expect(await aiTotal(client)).toBe(LIMITS.aiGenerationsPerDayFree);
  });

  it('deleting the account cancels a running subscription at once, and keeps the payment log', async () => {
    const { client, user } = await registered(gateway);
    await payCheckout(await startCheckout(client));
    await payments.simulator.idle();
    expect(await isMemberPerMe(client)).toBe(true);
    const subscriptionId = (await getUser(user.id))!.stripeSubscriptionId!;
    const deleted = await client.request('DELETE', '/api/user/delete', { json: { password: PASSWORD } });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await payments.sdk.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    await payments.simulator.idle();
    expect(await getUser(user.id)).toBeUndefined();
    expect(await paymentLogs(user.id)).toHaveLength(1);
  });

  it("needs the CSRF token for the member's own calls", async () => {
    const { client } = await paidMember();
    const { TestClient } = await import('../support/http-client');
    const forged = new TestClient(gateway.url, { sendCsrf: false });
    for (const [name, value] of client.cookies) forged.cookies.set(name, value);
    expect((await forged.request('POST', '/api/user/cancel-pro')).status).toBe(403);
    expect((await membershipStatus(client)).status).toBe('active');
  });
});

describe('one subscription per member', () => {
  const liveStatuses = ['active', 'trialing', 'past_due', 'incomplete'];
  const customerOf = async (userId: string) => (await getUser(userId))!.stripeCustomerId!;
  const subscriptionsOf = async (customer: string) =>
    (await payments.sdk.subscriptions.list({ customer, status: 'all' })).data;
  const liveOf = async (customer: string) =>
    (await subscriptionsOf(customer)).filter((subscription) => liveStatuses.includes(subscription.status));

  /** A second subscription of the member's customer, made at Stripe with every webhook held back. */
  async function secondSubscriptionUnheard(userId: string) {
    const customer = await customerOf(userId);
    const [first] = await liveOf(customer);
    const price = first!.items.data[0]!.price;
    payments.simulator.setWebhookUrl(undefined);
    const second = await payments.sdk.subscriptions.create({
      customer,
      items: [
        {
          price_data: {
            currency: 'jpy',
            product: String(price.product),
            unit_amount: 500,
            recurring: { interval: 'month' },
          },
        },
      ],
      default_payment_method: 'pm_second_card',
    });
    return { customer, first: first!, second };
  }

  it('a member with an open checkout page, or a subscription renewing, cancelled or unpaid, cannot start another', async () => {
    const { client } = await member(gateway);
    const refused = async (message: string) => {
      const answer = await client.request('POST', '/api/stripe/create-checkout-session', { json: {} });
      expect(answer.status, answer.text).toBe(409);
      expect(answer.json.message).toBe(message);
    };
    const checkoutUrl = await startCheckout(client);
    await refused(MEMBERSHIP_MESSAGES.checkoutOpen);
    await payCheckout(checkoutUrl);
    await payments.simulator.idle();
    await refused(MEMBERSHIP_MESSAGES.alreadyMember);
    expect((await client.request('POST', '/api/user/cancel-pro')).status).toBe(200);
    await refused(MEMBERSHIP_MESSAGES.subscriptionEnding);
  });

  it('an unpaid renewal (past_due) blocks a new checkout; resume ends it and starts one subscription', async () => {
    const { client, user } = await paidMember();
    await advanceClock(payments.simulator.url, 32 * DAY, 'fail');
    await payments.simulator.idle();
    const customer = await customerOf(user.id);
    expect((await liveOf(customer)).map((subscription) => subscription.status)).toEqual(['past_due']);
    const answer = await client.request('POST', '/api/stripe/create-checkout-session', { json: {} });
    expect(answer.status, answer.text).toBe(409);
    expect(answer.json.message).toBe(MEMBERSHIP_MESSAGES.subscriptionUnpaid);

    const resumed = await client.request('POST', '/api/user/resume-pro');
    expect(resumed.status, resumed.text).toBe(200);
    expect(resumed.json).toMatchObject({ isPro: true, status: 'active' });
    await payments.simulator.idle();
    const live = await liveOf(customer);
    expect(live.map((subscription) => subscription.status)).toEqual(['active']);
    expect((await getUser(user.id))!.stripeSubscriptionId).toBe(live[0]!.id);
  });

  it('two checkouts paid at once end with one subscription: the second ends at once, is refunded, and the log says so', async () => {
    const { client, user } = await member(gateway);
    const firstUrl = await startCheckout(client);
    const customer = await customerOf(user.id);
    // A second page the checks did not stop (e.g. opened before they existed), paid at the same moment.
    const second = await payments.sdk.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: user.id,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'jpy',
            unit_amount: 500,
            recurring: { interval: 'month' },
            product_data: { name: 'アドバンスド会員' },
          },
        },
      ],
      metadata: { userId: user.id },
      subscription_data: { metadata: { userId: user.id } },
      success_url: 'http://localhost:3000/pro-checkout?success=1&session_id={CHECKOUT_SESSION_ID}',
    });
    await Promise.all([payCheckout(firstUrl), payCheckout(second.url!)]);
    await payments.simulator.idle();

    const subscriptions = await subscriptionsOf(customer);
    expect(subscriptions).toHaveLength(2);
    const live = subscriptions.filter((subscription) => liveStatuses.includes(subscription.status));
    const ended = subscriptions.filter((subscription) => subscription.status === 'canceled');
    expect(live).toHaveLength(1);
    expect(ended).toHaveLength(1);
    expect(await membershipStatus(client)).toMatchObject({ isPro: true, status: 'active' });
    expect((await getUser(user.id))!.stripeSubscriptionId).toBe(live[0]!.id);

    const logs = await queryAll<Record<string, unknown>>({
      partition: PaymentLogKeys.pk({ userId: user.id }),
    });
    expect(logs.filter((log) => log.status === 'succeeded')).toHaveLength(2);
    const refunds = logs.filter((log) => log.paymentType === 'duplicate_subscription');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      status: 'refunded',
      amount: 500,
      currency: 'jpy',
      subscriptionId: ended[0]!.id,
      metadata: { keptSubscriptionId: live[0]!.id },
    });
    expect(String(refunds[0]!.description)).toContain('返金');
    const refunded = await payments.sdk.refunds.list({ payment_intent: String(refunds[0]!.paymentIntentId) });
    expect(refunded.data).toEqual([
      expect.objectContaining({ amount: 500, reason: 'duplicate', status: 'succeeded' }),
    ]);
  });

  it('cancel-pro cancels every live subscription of the customer, not only the one on the account', async () => {
    const { client, user } = await paidMember();
    try {
      const { customer, first, second } = await secondSubscriptionUnheard(user.id);
      expect((await getUser(user.id))!.stripeSubscriptionId).toBe(first.id);
      const cancelled = await client.request('POST', '/api/user/cancel-pro');
      expect(cancelled.status, cancelled.text).toBe(200);
      expect(cancelled.json).toMatchObject({ status: 'cancelled_but_active' });
      const after = await liveOf(customer);
      expect(after.map((subscription) => subscription.id).sort()).toEqual([first.id, second.id].sort());
      for (const subscription of after) expect(subscription.cancel_at_period_end).toBe(true);
    } finally {
      payments.simulator.setWebhookUrl(`${gateway.url}/api/stripe/webhook`);
    }
  });

  it('deleting the account cancels every live subscription of the customer at once', async () => {
    const { client, user } = await registered(gateway);
    await payCheckout(await startCheckout(client));
    await payments.simulator.idle();
    try {
      const { customer } = await secondSubscriptionUnheard(user.id);
      expect(await liveOf(customer)).toHaveLength(2);
      const deleted = await client.request('DELETE', '/api/user/delete', { json: { password: PASSWORD } });
      expect(deleted.status, deleted.text).toBe(200);
      expect(await liveOf(customer)).toEqual([]);
    } finally {
      payments.simulator.setWebhookUrl(`${gateway.url}/api/stripe/webhook`);
    }
  });
});

describe('payment calls per member', () => {
  it('at most 10 a minute across the five payment calls: then 429 with a Japanese message; others are unaffected', async () => {
    const { client } = await member(gateway);
    const checks = await Promise.all(
      Array.from({ length: 10 }, () => client.get('/api/stripe/check-payment/cs_test_nobodys')),
    );
    for (const check of checks) expect(check.status, check.text).toBe(404);
    const calls = [
      () => client.get('/api/stripe/check-payment/cs_test_nobodys'),
      () => client.request('POST', '/api/stripe/create-checkout-session', { json: {} }),
      () => client.request('POST', '/api/user/upgrade-pro'),
      () => client.request('POST', '/api/user/cancel-pro'),
      () => client.request('POST', '/api/user/resume-pro'),
    ];
    for (const call of calls) {
      const answer = await call();
      expect(answer.status, answer.text).toBe(429);
      expect(answer.json.message).toBe(MEMBERSHIP_MESSAGES.paymentCallsTooFast);
    }
    const { client: other } = await member(gateway);
    expect((await other.request('POST', '/api/user/cancel-pro')).status).toBe(409);
  });
});
