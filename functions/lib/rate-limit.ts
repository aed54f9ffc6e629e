import { isIPv4, isIPv6 } from 'node:net';
import { isConditionFailed } from '../data/errors';
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
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/**
 * The address a per-address limit counts: an IPv4 address as it is, an IPv6 address by its /64
 * (one subscriber's network, in which a client may take any of 2^64 addresses at will), and an
 * IPv4-mapped IPv6 address as its IPv4 address.
 */
export function addressKey(ipAddress: string): string {
  const address = ipAddress.trim().toLowerCase().replace(/%.*$/, '');
  if (!isIPv6(address)) return address;
  const mapped = /^(?:(?:0{1,4}:){5}|::)ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // A trailing dotted IPv4 part stands for two groups.
  const rightGroups = right.reduce((count, group) => count + (group.includes('.') ? 2 : 1), 0);
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - rightGroups).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
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

/** The same limit per client address, an IPv6 address counted by its /64 (sign-up, login and mail routes). */
export async function withinIpRateLimit(
  purpose: string,
  ipAddress: string,
  limit: number,
  windowSeconds: number,
  now = new Date(),
) {
  if (!getConfig().perIpRateLimits) return true;
  return withinRateLimit(`${purpose}-ip#${addressKey(ipAddress)}`, limit, windowSeconds, now);
}
