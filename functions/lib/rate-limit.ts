import { getConfig } from './config';
import { addressKey, allowanceLeft, windowStartOf } from './rate-limit-policy';
import type { NamedItem } from '../data/transact';
import { hitIfBelow, hitsWithin, releaseHit, windowHits } from './rate-limit-store';

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
  uses = 1,
): Promise<boolean> {
  return (await hit(key, limit, windowSeconds, now, uses)) !== undefined;
}

/**
 * Counts `uses` uses of `key` (one unless told) as `withinRateLimit` does: the window they were
 * counted in, or undefined when they do not fit (none is counted then).
 */
async function hit(
  key: string,
  limit: number,
  windowSeconds: number,
  now: Date,
  uses = 1,
): Promise<number | undefined> {
  const windowStart = windowStartOf(now.getTime(), windowSeconds);
  const left = allowanceLeft(limit, await windowHits(key, windowStart - windowSeconds));
  return left >= uses && (await hitIfBelow(key, windowStart, windowSeconds, left, uses))
    ? windowStart
    : undefined;
}

/** How many more uses `key` has now, both windows read (nothing counted): for a check before costly work. */
export async function usesLeft(
  key: string,
  limit: number,
  windowSeconds: number,
  now = new Date(),
): Promise<number> {
  const windowStart = windowStartOf(now.getTime(), windowSeconds);
  const [previous, current] = await Promise.all([
    windowHits(key, windowStart - windowSeconds),
    windowHits(key, windowStart),
  ]);
  return allowanceLeft(limit, previous) - current;
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
  uses = 1,
) {
  if (!getConfig().perIpRateLimits) return true;
  return withinRateLimit(ipLimitKey(purpose, ipAddress), limit, windowSeconds, now, uses);
}

/** The counter of a per-address limit: its purpose and the address as `addressKey` counts it. */
const ipLimitKey = (purpose: string, ipAddress: string) => `${purpose}-ip#${addressKey(ipAddress)}`;

/** A try `holdIpTry` counted: given back when it turned out right. */
export interface HeldTry {
  release(): Promise<void>;
}

/**
 * For a per-address limit that counts only failures (a class of 40 tablets behind one school
 * address joins with 40 right PINs, and only wrong ones are guesses): counts the try before it is
 * made, like `withinIpRateLimit`, and false when the address has no try left. `release` gives it
 * back once it turned out right; a wrong one keeps it. Tries in flight at once each hold one of the
 * allowance, so however many are sent together, no more than `limit` wrong ones get an answer.
 */
export async function holdIpTry(
  purpose: string,
  ipAddress: string,
  limit: number,
  windowSeconds: number,
  now = new Date(),
): Promise<HeldTry | false> {
  if (!getConfig().perIpRateLimits) return { release: async () => undefined };
  const key = ipLimitKey(purpose, ipAddress);
  const windowStart = await hit(key, limit, windowSeconds, now);
  if (windowStart === undefined) return false;
  return { release: () => releaseHit(key, windowStart) };
}
