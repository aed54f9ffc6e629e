import { db } from '@functions/data/db';
import { RateWindowKeys } from '@functions/lib/rate-limit-keys';
import { windowStartOf } from '@functions/lib/rate-limit-policy';

/**
 * Fills a rate limit's counters (`purpose`, windows of `windowSeconds`) with `hits` in the current
 * window and the one before it: the next use is refused whatever the moment, without sending the
 * requests that would fill it.
 */
export async function useUpAllowance(purpose: string, windowSeconds: number, hits: number) {
  const current = windowStartOf(Date.now(), windowSeconds);
  for (const start of [current, current - windowSeconds])
    await db.put({ Item: { ...RateWindowKeys.key({ purpose, windowStart: String(start) }), hits } });
}
