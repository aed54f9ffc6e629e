import { isConditionFailed } from '../data/errors';
import { db } from '../data/db';
import { ttlFromDate } from '../data/table';
import type { NamedItem } from '../data/transact';
import { windowCounterEnds, windowStartOf } from './rate-limit-policy';
import { RateWindowKeys } from './rate-limit-keys';

/**
 * The rate limits' counters: one item per purpose and window (`RATE#<purpose>` /
 * `<windowStart>`, rate-limit-keys.ts) holding its `hits`, removed by TTL once no window reads it.
 */

const windowKey = (purpose: string, windowStart: number) =>
  RateWindowKeys.key({ purpose, windowStart: String(windowStart) });

/** The hits counted in the window starting at `windowStart` (epoch seconds). */
export async function windowHits(purpose: string, windowStart: number): Promise<number> {
  const { Item } = await db.get({ Key: windowKey(purpose, windowStart), ProjectionExpression: 'hits' });
  return Number(Item?.hits ?? 0);
}

/**
 * Counts `uses` hits (one unless told) in the window when they fit within `left`; false when they
 * do not. One conditional `ADD`, so parallel calls never pass the limit together.
 */
export async function hitIfBelow(
  purpose: string,
  windowStart: number,
  windowSeconds: number,
  left: number,
  uses = 1,
): Promise<boolean> {
  try {
    await db.update({
      Key: windowKey(purpose, windowStart),
      UpdateExpression: 'ADD hits :uses SET #ttl = :ttl',
      ConditionExpression: 'attribute_not_exists(hits) OR hits <= :room',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':uses': uses,
        ':room': left - uses,
        ':ttl': ttlFromDate(windowCounterEnds(windowStart, windowSeconds)),
      },
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Gives back one hit counted in the window (a try that turned out right); never below zero. */
export async function releaseHit(purpose: string, windowStart: number): Promise<void> {
  try {
    await db.update({
      Key: windowKey(purpose, windowStart),
      UpdateExpression: 'ADD hits :minusOne',
      ConditionExpression: 'hits > :zero',
      ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
    });
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}

/**
 * Counts `count` hits in the window as an item of the caller's transaction, on the condition that
 * they fit within `left`: the uses count only when the write they come with is made, and parallel
 * writes never pass the limit together. Its failed condition is `refused`.
 */
export function hitsWithin(
  purpose: string,
  windowStart: number,
  windowSeconds: number,
  left: number,
  count: number,
  refused: () => Error,
): NamedItem {
  return {
    Update: {
      Key: windowKey(purpose, windowStart),
      UpdateExpression: 'ADD hits :count SET #ttl = :ttl',
      ConditionExpression: 'attribute_not_exists(hits) OR hits <= :most',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':count': count,
        ':most': left - count,
        ':ttl': ttlFromDate(windowCounterEnds(windowStart, windowSeconds)),
      },
    },
    onConditionFailed: refused,
  };
}

/**
 * Counts one use of `key` in its window of `windowSeconds` holding `at` (epoch ms) and answers the
 * uses the window holds now, this one included. One unconditional `ADD` and no read: counting a
 * flood costs one write a message, and the caller decides from the count what to do, before any
 * other work.
 */
export async function countUse(key: string, windowSeconds: number, at: number): Promise<number> {
  const windowStart = windowStartOf(at, windowSeconds);
  const { Attributes } = await db.update({
    Key: windowKey(key, windowStart),
    UpdateExpression: 'ADD hits :one SET #ttl = :ttl',
    ExpressionAttributeNames: { '#ttl': 'ttl' },
    ExpressionAttributeValues: {
      ':one': 1,
      ':ttl': ttlFromDate(windowCounterEnds(windowStart, windowSeconds)),
    },
    ReturnValues: 'UPDATED_NEW',
  });
  return Number(Attributes?.hits ?? 1);
}

/** The uses of `key` counted by `countUse` in the window before the one holding `at`. */
export const previousWindowUses = (key: string, windowSeconds: number, at: number): Promise<number> =>
  windowHits(key, windowStartOf(at, windowSeconds) - windowSeconds);
