import { db } from '../data/db';
import { ttlFromDate } from '../data/table';
import { getConfig } from './config';
import { RateWindowKeys } from './rate-limit-keys';

/**
 * A fixed-window counter in the table: true while `key` has been used fewer than `limit` times in
 * the current window of `windowSeconds`. Counted atomically with a conditional update.
 */
export async function withinRateLimit(
  key: string,
  limit: number,
  windowSeconds: number,
  now = new Date(),
): Promise<boolean> {
  const windowStart = Math.floor(now.getTime() / 1000 / windowSeconds) * windowSeconds;
  try {
    await db.update({
      Key: RateWindowKeys.key({ purpose: key, windowStart: String(windowStart) }),
      UpdateExpression: 'ADD hits :one SET #ttl = :ttl',
      ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':one': 1,
        ':limit': limit,
        ':ttl': ttlFromDate(new Date((windowStart + windowSeconds * 2) * 1000)),
      },
    });
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
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
