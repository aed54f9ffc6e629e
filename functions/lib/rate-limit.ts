import { db } from '../data/db';
import { ttlFromDate } from '../data/table';
import { getConfig } from './config';
import { RateWindowKeys } from './rate-limit-keys';

/**
 * A counter per window of `windowSeconds` in the table: true while `key` has been used fewer than
 * `limit` times in the current window and the one before it together.
 *
 * Counting the previous window too means no span of `windowSeconds` ever admits more than `limit`
 * calls, wherever the window boundary falls (a plain fixed window admits twice the limit across
 * a boundary). A quiet window gives the whole allowance back. The current window is counted
 * atomically with a conditional `ADD`; the previous one is closed, so reading it cannot race.
 */
export async function withinRateLimit(
  key: string,
  limit: number,
  windowSeconds: number,
  now = new Date(),
): Promise<boolean> {
  const windowStart = Math.floor(now.getTime() / 1000 / windowSeconds) * windowSeconds;
  const { Item: previous } = await db.get({
    Key: RateWindowKeys.key({ purpose: key, windowStart: String(windowStart - windowSeconds) }),
    ProjectionExpression: 'hits',
  });
  const left = limit - Number(previous?.hits ?? 0);
  if (left <= 0) return false;
  try {
    await db.update({
      Key: RateWindowKeys.key({ purpose: key, windowStart: String(windowStart) }),
      UpdateExpression: 'ADD hits :one SET #ttl = :ttl',
      ConditionExpression: 'attribute_not_exists(hits) OR hits < :left',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':one': 1,
        ':left': left,
        ':ttl': ttlFromDate(new Date((windowStart + windowSeconds * 3) * 1000)),
      },
    });
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/**
 * Counts one use of `key` in its window of `windowSeconds` holding `at` (epoch ms) and answers the
 * uses the window holds now, this one included. One unconditional `ADD` and no read: counting a
 * flood costs one write a message, and the caller decides from the count what to do, before any
 * other work.
 */
export async function countUse(key: string, windowSeconds: number, at: number): Promise<number> {
  const windowStart = Math.floor(at / 1000 / windowSeconds) * windowSeconds;
  const { Attributes } = await db.update({
    Key: RateWindowKeys.key({ purpose: key, windowStart: String(windowStart) }),
    UpdateExpression: 'ADD hits :one SET #ttl = :ttl',
    ExpressionAttributeNames: { '#ttl': 'ttl' },
    ExpressionAttributeValues: {
      ':one': 1,
      ':ttl': ttlFromDate(new Date((windowStart + windowSeconds * 3) * 1000)),
    },
    ReturnValues: 'UPDATED_NEW',
  });
  return Number(Attributes?.hits ?? 1);
}

/** The uses of `key` counted by `countUse` in the window before the one holding `at`. */
export async function previousWindowUses(key: string, windowSeconds: number, at: number): Promise<number> {
  const windowStart = Math.floor(at / 1000 / windowSeconds) * windowSeconds;
  const { Item } = await db.get({
    Key: RateWindowKeys.key({ purpose: key, windowStart: String(windowStart - windowSeconds) }),
    ProjectionExpression: 'hits',
  });
  return Number(Item?.hits ?? 0);
}

/** The same limit per client address (sign-up, login and mail routes). */
export async function withinIpRateLimit(
  purpose: string,
  ipAddress: string,
  limit: number,
  windowSeconds: number,
  now = new Date(),
) {
  if (!getConfig().perIpRateLimits) return true;
  return withinRateLimit(`${purpose}-ip#${ipAddress}`, limit, windowSeconds, now);
}
