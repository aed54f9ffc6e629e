import { db } from '../data/db';
import { ConditionsFailed, ignoreConditionFailed, isConditionFailed } from '../data/errors';
import { ttlFromDate } from '../data/table';
import { transactWrite } from '../data/transact';
import { UnauthorizedError } from '../lib/errors';
import { LIVE_ACCOUNT, type UserItem } from '../users/user-store';
import { userKey } from '../users/user-keys';
import { PaymentLogKeys, StripeCustomerKeys, StripeEventKeys } from './membership-keys';
import type { SubscriptionSnapshot } from './membership-policy';
import type { PaymentLogEntry } from './payment-log';

/**
 * Membership in the table: the subscription fields, customer and checkout of the account item,
 * the customer's link back to its member (`STRIPECUSTOMER#`), the receipts of Stripe's events
 * (`STRIPEEVENT#`) and the payment log. Every write holds only while the account is live
 * (`LIVE_ACCOUNT`), so nothing is written onto an account being deleted.
 */

/**
 * Writes a subscription, as read from Stripe at `readAt`, onto the account, only if no newer read
 * was written meanwhile and the account still follows `current` (none: follows none). Answers the
 * account as written, or undefined when someone wrote first.
 */
export async function writeSubscription(
  userId: string,
  snapshot: SubscriptionSnapshot,
  readAt: Date,
  current: string | null,
): Promise<UserItem | undefined> {
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
    if (!isConditionFailed(error)) throw error;
    return undefined;
  }
}

/**
 * Links a Stripe customer and its member both ways, in one transaction: the account's customer
 * (unless it has another) and the customer's link back (unless another member has it).
 */
export async function linkCustomer(userId: string, customerId: string): Promise<void> {
  await transactWrite([
    {
      name: 'account',
      Update: {
        Key: userKey(userId),
        UpdateExpression: 'SET stripeCustomerId = :customer',
        ConditionExpression: `${LIVE_ACCOUNT} AND (attribute_not_exists(stripeCustomerId) OR stripeCustomerId = :customer)`,
        ExpressionAttributeValues: { ':customer': customerId },
      },
    },
    {
      name: 'link',
      Put: {
        Item: {
          ...StripeCustomerKeys.key({ customerId }),
          userId,
          ...StripeCustomerKeys.owner({ userId, customerId }),
        },
        ConditionExpression: 'attribute_not_exists(pk) OR userId = :user',
        ExpressionAttributeValues: { ':user': userId },
      },
    },
  ]);
}

/** The member whose Stripe customer this is (the link written when the customer was made). */
export async function memberOfCustomer(customerId: string): Promise<string | undefined> {
  const { Item } = await db.get({ Key: StripeCustomerKeys.key({ customerId }) });
  return typeof Item?.userId === 'string' ? Item.userId : undefined;
}

/** Remembers the member's last Checkout Session (what `POST /api/user/upgrade-pro` checks); 401 once the account is going. */
export async function rememberCheckoutSession(userId: string, sessionId: string): Promise<void> {
  await db
    .update({
      Key: userKey(userId),
      UpdateExpression: 'SET stripeCheckoutSessionId = :session',
      ConditionExpression: LIVE_ACCOUNT,
      ExpressionAttributeValues: { ':session': sessionId },
    })
    .catch((error: unknown) => {
      if (isConditionFailed(error)) throw new UnauthorizedError();
      throw error;
    });
}

/** `proFirstPaidAt` once, `proLastPaidAt` only forwards (a late event about an older payment changes nothing). */
export async function recordPaidAt(userId: string, paidAt: string): Promise<void> {
  const values = { ':paidAt': paidAt };
  await db
    .update({
      Key: userKey(userId),
      UpdateExpression: 'SET proFirstPaidAt = :paidAt',
      ConditionExpression: `${LIVE_ACCOUNT} AND (attribute_not_exists(proFirstPaidAt) OR proFirstPaidAt = :null)`,
      ExpressionAttributeValues: { ...values, ':null': null },
    })
    .catch(ignoreConditionFailed);
  await db
    .update({
      Key: userKey(userId),
      UpdateExpression: 'SET proLastPaidAt = :paidAt',
      ConditionExpression: `${LIVE_ACCOUNT} AND (attribute_not_exists(proLastPaidAt) OR proLastPaidAt = :null OR proLastPaidAt < :paidAt)`,
      ExpressionAttributeValues: { ...values, ':null': null },
    })
    .catch(ignoreConditionFailed);
}

/** How long an event's receipt is kept: Stripe retries an event for up to 3 days. */
const RECEIPT_DAYS = 90;

/** Whether a Stripe event was handled already (its receipt is there). */
export const eventSeen = async (eventId: string) =>
  Boolean((await db.get({ Key: StripeEventKeys.key({ eventId }), ProjectionExpression: 'pk' })).Item);

/**
 * Writes an event's receipt, put only if absent, and in the same transaction the payment it
 * reported: an event delivered twice (or to two functions at once) logs one payment. Answers
 * `duplicate` when another delivery wrote the receipt first.
 */
export async function recordEvent(
  event: { id: string; type: string },
  receivedAt: Date,
  payment: PaymentLogEntry | undefined,
): Promise<'recorded' | 'duplicate'> {
  try {
    await transactWrite([
      {
        name: 'receipt',
        Put: {
          Item: {
            ...StripeEventKeys.key({ eventId: event.id }),
            type: event.type,
            receivedAt: receivedAt.toISOString(),
            ttl: ttlFromDate(new Date(receivedAt.getTime() + RECEIPT_DAYS * 86_400_000)),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      ...(payment ? [{ Put: { Item: paymentLogItem(payment, event.id) } }] : []),
    ]);
    return 'recorded';
  } catch (error) {
    if (error instanceof ConditionsFailed && error.has('receipt')) return 'duplicate';
    throw error;
  }
}

/** The table item of a payment log line; `sourceId` names what it is about (`PaymentLogKeys`). */
const paymentLogItem = (entry: PaymentLogEntry, sourceId: string) => ({
  ...PaymentLogKeys.key({ userId: entry.userId, createdAt: entry.createdAt, sourceId }),
  ...entry,
});

/**
 * Writes a payment log line once per source: what was done about a duplicate is found by every
 * webhook of the pair at once, and each would log it. The key comes from the Stripe object (its
 * id and time), so the copies are the same item, and only the first is written.
 */
export async function logOnce(entry: PaymentLogEntry, sourceId: string): Promise<void> {
  await db
    .put({ Item: paymentLogItem(entry, sourceId), ConditionExpression: 'attribute_not_exists(pk)' })
    .catch(ignoreConditionFailed);
}
