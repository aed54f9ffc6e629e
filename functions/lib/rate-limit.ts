import { getConfig } from './config';
import { addressKey, allowanceLeft, windowStartOf } from './rate-limit-policy';
import type { NamedItem } from '../data/transact';
import { hitIfBelow, hitsWithin, windowHits } from './rate-limit-store';

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
  const windowStart = windowStartOf(now.getTime(), windowSeconds);
  const left = allowanceLeft(limit, await windowHits(key, windowStart - windowSeconds));
  if (left <= 0) return false;
  return hitIfBelow(key, windowStart, windowSeconds, left);
}

/**
 * The same limit as a write for the caller's transaction, for uses that count only when the write
 * is made (new tags: a save that fails or loses a race to create the same tag counts none): `count`
 * uses at once, refused with `refused` (429) when they do not fit, now or when the transaction runs.
 */
export async function rateLimitWrite(
  key: string,
  limit: number,
  windowSeconds: number,
  count: number,
  refused: () => Error,
  now = new Date(),
): Promise<NamedItem> {
  const windowStart = windowStartOf(now.getTime(), windowSeconds);
  const left = allowanceLeft(limit, await windowHits(key, windowStart - windowSeconds));
  if (left < count) throw refused();
  return hitsWithin(key, windowStart, windowSeconds, left, count, refused);
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
  return withinRateLimit(ipLimitKey(purpose, ipAddress), limit, windowSeconds, now);
}

/** The counter of a per-address limit: its purpose and the address as `addressKey` counts it. */
const ipLimitKey = (purpose: string, ipAddress: string) => `${purpose}-ip#${addressKey(ipAddress)}`;

/**
 * For a per-address limit that counts only failures (a class of 40 tablets behind one school
 * address joins with 40 right PINs, and only wrong ones are guesses): whether the address may try
 * again, nothing counted. Count each failure with `withinIpRateLimit` under the same purpose. Tries
 * in flight at once may each pass before their failures are counted: the limit holds to within the
 * tries one address has in flight (each socket sends one frame at a time to the gateway).
 */
export async function ipTriesLeft(
  purpose: string,
  ipAddress: string,
  limit: number,
  windowSeconds: number,
  now = new Date(),
): Promise<boolean> {
  if (!getConfig().perIpRateLimits) return true;
  const key = ipLimitKey(purpose, ipAddress);
  const windowStart = windowStartOf(now.getTime(), windowSeconds);
  const [previous, current] = await Promise.all([
    windowHits(key, windowStart - windowSeconds),
    windowHits(key, windowStart),
  ]);
  return allowanceLeft(limit, previous) > current;
}
