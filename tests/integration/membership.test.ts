import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMissingCategories } from '@functions/categories/category';
import { SEED_CATEGORIES } from '@functions/categories/seed-categories';
import { db } from '@functions/data/db';
import { queryAll } from '@functions/data/paginate';
import { PaymentLogKeys } from '@functions/membership/membership-keys';
import { getUser } from '@functions/users/user';
import { userKey } from '@functions/users/user-keys';
import { LIMITS } from '@shared/constants';
import { MEMBERSHIP_MESSAGES, type PaymentCheck, type ProStatus } from '@shared/membership';
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
const proStatus = async (client: TestClient) => {
  const response = await client.get('/api/user/pro');
  expect(response.status, response.text).toBe(200);
  return response.json as unknown as ProStatus;
};
const isProPerMe = async (client: TestClient) => (await client.get('/api/auth/me')).json.isPro as boolean;
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

describe('paying', () => {
  it('a free member is not pro and sees the free plan', async () => {
    const { client } = await member(gateway);
    expect(await proStatus(client)).toEqual({
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
    expect(await isProPerMe(client)).toBe(false);

    const page = await fetch(checkoutUrl);
    expect(await page.text()).toContain('テスト決済');
    const back = await payCheckout(checkoutUrl);
    expect(back).toBe(`http://localhost:3000/pro-checkout?success=1&session_id=${sessionId}`);
    await payments.simulator.idle();

    const check = (await client.get(`/api/stripe/check-payment/${sessionId}`))
      .json as unknown as PaymentCheck;
    expect(check).toMatchObject({ payment_status: 'paid', is_pro: true, upgrade_completed: true });
    expect(await isProPerMe(client)).toBe(true);
    const status = await proStatus(client);
    expect(status).toMatchObject({ isPro: true, status: 'active' });
    const days = (new Date(status.expiresAt!).getTime() - Date.now()) / 1000 / DAY;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    expect(await aiTotal(client)).toBe(LIMITS.aiGenerationsPerDayPro);

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
      expect(await isProPerMe(client)).toBe(false);
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => client.request('POST', '/api/user/upgrade-pro')),
      );
      for (const answer of answers) {
        expect(answer.status, answer.text).toBe(200);
        expect(answer.json).toMatchObject({ isPro: true, status: 'active' });
      }
      expect(await isProPerMe(client)).toBe(true);
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

  it('one Stripe customer per member, however many checkouts start at once', async () => {
    const { client, user } = await member(gateway);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        client.request('POST', '/api/stripe/create-checkout-session', { json: {} }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
    for (const answer of answers) expect([200, 429], answer.text).toContain(answer.status);
    const account = await getUser(user.id);
    const customers = new Set<string>();
    for (const answer of answers.filter((answer) => answer.status === 200)) {
      const session = await payments.sdk.checkout.sessions.retrieve(
        String(answer.json.url).split('/').at(-1)!,
      );
      customers.add(String(session.customer));
      expect(session.client_reference_id).toBe(user.id);
      expect(session.amount_total).toBe(500);
      expect(session.currency).toBe('jpy');
    }
    expect([...customers]).toEqual([account!.stripeCustomerId]);
  });

  it('a granted member (the local pro account) is pro without a subscription and has nothing to cancel', async () => {
    const { client } = await member(gateway, { isPro: true });
    expect(await proStatus(client)).toEqual({
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
      expect(await isProPerMe(client)).toBe(false);
      expect((await getUser(user.id))?.stripeSubscriptionId).toBeUndefined();
      // The right one, signed with the README's secret, works.
      expect((await post({ 'stripe-signature': good.signature }, good.payload)).status).toBe(200);
      expect(await isProPerMe(client)).toBe(true);
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
      expect(await proStatus(client)).toMatchObject({ isPro: true, status: 'active' });
      await send(byType('checkout.session.completed'));
      expect(await proStatus(client)).toMatchObject({ isPro: true, status: 'active' });

      // Cancelled; then the first "created" event (saying it renews) arrives late: still cancelled.
      const cancel = await client.request('POST', '/api/user/cancel-pro');
      expect(cancel.status, cancel.text).toBe(200);
      await send(created);
      expect(await proStatus(client)).toMatchObject({ isPro: true, status: 'cancelled_but_active' });
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
    const { expiresAt } = await proStatus(client);

    // Cancelling twice (30 times at once) is one cancellation.
    const repeats = await Promise.all(
      Array.from({ length: 30 }, () => client.request('POST', '/api/user/cancel-pro')),
    );
    for (const repeat of repeats) expect(repeat.json).toMatchObject({ status: 'cancelled_but_active' });

    await payments.simulator.idle();
    await advanceClock(payments.simulator.url, 32 * DAY);
    await payments.simulator.idle();
    expect(await proStatus(client)).toEqual({
      isPro: false,
      status: 'inactive',
      expiresAt,
      message: MEMBERSHIP_MESSAGES.statusExpired,
    });
    expect(await isProPerMe(client)).toBe(false);
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

  it('after the end, resume starts the previous plan again on the same card', async () => {
    const { client, user } = await paidMember();
    await client.request('POST', '/api/user/cancel-pro');
    await payments.simulator.idle();
    await advanceClock(payments.simulator.url, 32 * DAY);
    await payments.simulator.idle();
    expect((await proStatus(client)).isPro).toBe(false);
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
    const first = await proStatus(client);
    await advanceClock(payments.simulator.url, 32 * DAY);
    await payments.simulator.idle();
    const renewed = await proStatus(client);
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
    expect(await proStatus(client)).toMatchObject({ isPro: false, status: 'inactive' });
    expect((await paymentLogs(user.id)).map((log) => log.status)).toContain('failed');
  });

  it('is decided at request time: a period that has ended is over even before any webhook says so', async () => {
    const { client, user } = await paidMember();
    await db.update({
      Key: userKey(user.id),
      UpdateExpression: 'SET proExpiresAt = :past',
      ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
    });
    expect(await isProPerMe(client)).toBe(false);
    expect(await proStatus(client)).toMatchObject({ isPro: false, status: 'inactive' });
    expect(await aiTotal(client)).toBe(LIMITS.aiGenerationsPerDayFree);
  });

  it('deleting the account cancels a running subscription at once, and keeps the payment log', async () => {
    const { client, user } = await registered(gateway);
    await payCheckout(await startCheckout(client));
    await payments.simulator.idle();
    expect(await isProPerMe(client)).toBe(true);
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
    expect((await proStatus(client)).status).toBe('active');
  });
});
