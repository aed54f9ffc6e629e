import { randomUUID } from 'node:crypto';
import { isConditionFailed } from '../data/errors';
import { db } from '../data/db';
import { setAttributes } from '../data/keys';
import { ttlFromDate } from '../data/table';
import { transactWrite } from '../data/transact';
import { accountGuard } from '../users/user-store';
import type { AiUsageType } from './usage-policy';
import { AiHistoryKeys, AiUsageKeys } from './usage-keys';

/**
 * The AI allowance in the member's partition:
 * - `AIUSE#<yyyy-mm-dd>`: the day's counters. `used`: a generation reserves one use with a
 *   conditional update (`used < limit`), so concurrent requests can never go over; a generation
 *   that fails gives its use back. `modelCalls`: counted the same way before each model call and
 *   never given back, so failures cannot run up the bill.
 * - `AIHIST#<time>#<id>`: the usage history (id, userId, usageType, createdAt, date), one per
 *   successful generation.
 * Both carry the owner index keys, so they go with the account.
 */

/** One counter of a day and the most it may reach. */
interface Counter {
  userId: string;
  day: string;
  limit: number;
  /** When DynamoDB may remove the day's counters. */
  keptUntil: Date;
}

const counterKey = (userId: string, day: string) => AiUsageKeys.key({ userId, day });

/** Adds one to `attribute` of the day's counters on the condition that it stays within the limit. */
const countOne = (attribute: 'used' | 'modelCalls', counter: Counter) => {
  const owner = setAttributes(AiUsageKeys.owner({ userId: counter.userId, day: counter.day }));
  return {
    Key: counterKey(counter.userId, counter.day),
    UpdateExpression: `SET ${attribute} = if_not_exists(${attribute}, :zero) + :one, ${owner.expression}, #ttl = :ttl`,
    ConditionExpression: `attribute_not_exists(${attribute}) OR ${attribute} < :limit`,
    ExpressionAttributeNames: { '#ttl': 'ttl' },
    ExpressionAttributeValues: {
      ':zero': 0,
      ':one': 1,
      ':limit': counter.limit,
      ...owner.values,
      ':ttl': ttlFromDate(counter.keptUntil),
    },
  };
};

/** The generations used on `day`. */
export async function usedOn(userId: string, day: string): Promise<number> {
  const { Item } = await db.get({ Key: counterKey(userId, day), ProjectionExpression: 'used' });
  return typeof Item?.used === 'number' ? Item.used : 0;
}

/** Takes one of the day's uses while the account lives, or throws `refusal()` when none are left. */
export async function reserveUse(counter: Counter, refusal: () => Error): Promise<void> {
  await transactWrite([
    accountGuard(counter.userId),
    { Update: countOne('used', counter), onConditionFailed: refusal },
  ]);
}

/** Counts one model call of the day, or throws `refusal()` when the day's calls are used up. */
export async function countModelCall(counter: Counter, refusal: () => Error): Promise<void> {
  try {
    await db.update(countOne('modelCalls', counter));
  } catch (error) {
    if (isConditionFailed(error)) throw refusal();
    throw error;
  }
}

/** Gives a reserved use back (the generation failed). */
export async function releaseUse(userId: string, day: string): Promise<void> {
  await db.update({
    Key: counterKey(userId, day),
    UpdateExpression: 'SET used = used - :one',
    ConditionExpression: 'used > :zero',
    ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
  });
}

/** Writes the usage history record of a successful generation. */
export async function recordUse(userId: string, day: string, usageType: AiUsageType, now = new Date()) {
  const id = randomUUID();
  const createdAt = now.toISOString();
  const record = { userId, createdAt, id };
  await transactWrite([
    accountGuard(userId),
    {
      Put: {
        Item: {
          ...AiHistoryKeys.key(record),
          type: 'AiUsage',
          id,
          userId,
          usageType,
          createdAt,
          date: day,
          ...AiHistoryKeys.owner(record),
        },
      },
    },
  ]);
}
