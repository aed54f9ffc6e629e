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
 * The part of a client address that stands for one client: an IPv4 address whole, an IPv6
 * address by its /64 (one home or phone network is given a /64, so a client can take any of its
 * 2^64 addresses to dodge a per-address limit). An IPv4-mapped IPv6 address counts as its IPv4.
 */
export function clientAddressKey(ipAddress: string): string {
  const address = ipAddress
    .trim()
    .toLowerCase()
    .replace(/%.*$/, '')
    .replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('::', 2);
  const headGroups = head ? head.split(':') : [];
  const tailGroups = address.includes('::') ? (tail ? tail.split(':') : []) : [];
  // An embedded IPv4 tail (`::a.b.c.d`) is two groups; only the first four groups matter anyway.
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = address.includes('::')
    ? [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups]
    : headGroups;
  const prefix = groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '') || '0');
  while (prefix.length < 4) prefix.push('0');
  return `${prefix.join(':')}::/64`;
}

/**
 * The same limit per client address (sign-up, login, mail and answer-check routes), an IPv6
 * address counted by its /64 (`clientAddressKey`).
 */
export async function withinIpRateLimit(
  purpose: string,
  ipAddress: string,
  limit: number,
  windowSeconds: number,
  now = new Date(),
) {
  if (!getConfig().perIpRateLimits) return true;
  return withinRateLimit(`${purpose}-ip#${clientAddressKey(ipAddress)}`, limit, windowSeconds, now);
}
