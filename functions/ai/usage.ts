import { randomUUID } from 'node:crypto';
import { AI_MESSAGES, AI_MODEL_CALL_LIMITS, type AiUsageLimit } from '@shared/ai';
import { LIMITS } from '@shared/constants';
import { isConditionFailed } from '../data/errors';
import { db } from '../data/db';
import { setAttributes } from '../data/keys';
import { ttlFromDate } from '../data/table';
import { transactWrite } from '../data/transact';
import { TooManyRequestsError } from '../lib/errors';
import { japanDate, nextJapanMidnight } from '../lib/japan-time';
import type { Logger } from '../lib/logger';
import { emitMetric, METRIC } from '../lib/metrics';
import { withinRateLimit } from '../lib/rate-limit';
import { accountGuard } from '../users/user-store';
import { type Member } from '../users/user-policy';
import { AiHistoryKeys, AiUsageKeys } from './usage-keys';

/**
 * Daily AI limits, the day ending at 00:00 Japan time: 3 generations a day for free members, 200
 * for advanced members, and a cap on the calls that reach the model whatever their outcome
 * (AI_MODEL_CALL_LIMITS). In the member's partition:
 * - `AIUSE#<yyyy-mm-dd>`: the day's counters. `used`: a generation reserves one use with a
 *   conditional update (`used < limit`), so concurrent requests can never go over; a generation
 *   that fails gives its use back. `modelCalls`: counted the same way before each model call and
 *   never given back, so failures cannot run up the bill.
 * - `AIHIST#<time>#<id>`: the usage history (id, userId, usageType, createdAt, date), one per
 *   successful generation.
 * Both carry the owner index keys, so they go with the account.
 */
/** What a generation was for: a quiz from text, PDF or Word, or focused-study questions. */
type AiUsageType = 'text' | 'pdf' | 'word' | 'study';

const dailyLimitFor = (user: Pick<Member, 'isPro'>) =>
  user.isPro ? LIMITS.aiGenerationsPerDayPro : LIMITS.aiGenerationsPerDayFree;

const counterKey = (userId: string, day: string) => AiUsageKeys.key({ userId, day });

/** The day's counters are kept a week after the day ends (expiry is never relied on: the key holds the day). */
const counterTtl = (now: Date) => ttlFromDate(new Date(nextJapanMidnight(now).getTime() + 7 * 86_400_000));

/** `GET /api/ai/usage-limit`: how many generations are left today. */
export async function usageLimit(user: Member, now = new Date()): Promise<AiUsageLimit> {
  const total = dailyLimitFor(user);
  const { Item } = await db.get({ Key: counterKey(user.id, japanDate(now)), ProjectionExpression: 'used' });
  const used = typeof Item?.used === 'number' ? Item.used : 0;
  const remaining = Math.max(0, total - used);
  return { canUse: remaining > 0, remaining, total, resetAt: nextJapanMidnight(now).toISOString() };
}

/** One reserved use of today's allowance; give it back with `release` when the generation fails. */
interface Reservation {
  userId: string;
  day: string;
}

/** Takes one of today's uses, or refuses with the spec's limit message when none are left. */
async function reserveUse(user: Member, now = new Date()): Promise<Reservation> {
  const limit = dailyLimitFor(user);
  const day = japanDate(now);
  const owner = setAttributes(AiUsageKeys.owner({ userId: user.id, day }));
  await transactWrite([
    accountGuard(user.id),
    {
      Update: {
        Key: counterKey(user.id, day),
        UpdateExpression: `SET used = if_not_exists(used, :zero) + :one, ${owner.expression}, #ttl = :ttl`,
        ConditionExpression: 'attribute_not_exists(used) OR used < :limit',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':zero': 0,
          ':one': 1,
          ':limit': limit,
          ...owner.values,
          ':ttl': counterTtl(now),
        },
      },
      onConditionFailed: () => new TooManyRequestsError(AI_MESSAGES.dailyLimit(limit), 'ai_daily_limit'),
    },
  ]);
  return { userId: user.id, day };
}

const modelCallLimitFor = (user: Pick<Member, 'isPro'>) =>
  user.isPro ? AI_MODEL_CALL_LIMITS.pro : AI_MODEL_CALL_LIMITS.free;

/**
 * Counts one call to the model (Amazon Bedrock) against the member's daily cap, before the call
 * is made, or refuses it (429, saying when the cap resets) when the day's calls are used up. The
 * conditional update admits exactly the cap however many requests race; a call counts whatever
 * its outcome (a retry after a malformed answer is a call of its own).
 */
export async function reserveModelCall(user: Member, now = new Date()): Promise<void> {
  const limit = modelCallLimitFor(user);
  const day = japanDate(now);
  const owner = setAttributes(AiUsageKeys.owner({ userId: user.id, day }));
  try {
    await db.update({
      Key: counterKey(user.id, day),
      UpdateExpression: `SET modelCalls = if_not_exists(modelCalls, :zero) + :one, ${owner.expression}, #ttl = :ttl`,
      ConditionExpression: 'attribute_not_exists(modelCalls) OR modelCalls < :limit',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':zero': 0,
        ':one': 1,
        ':limit': limit,
        ...owner.values,
        ':ttl': counterTtl(now),
      },
    });
  } catch (error) {
    if (isConditionFailed(error))
      throw new TooManyRequestsError(AI_MESSAGES.modelCallLimit(limit), 'ai_model_call_limit');
    throw error;
  }
}

/** Gives a reserved use back (the generation failed). */
async function releaseUse(reservation: Reservation): Promise<void> {
  await db.update({
    Key: counterKey(reservation.userId, reservation.day),
    UpdateExpression: 'SET used = used - :one',
    ConditionExpression: 'used > :zero',
    ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
  });
}

/** Writes the usage history record of a successful generation. */
async function recordUse(reservation: Reservation, usageType: AiUsageType, now = new Date()) {
  const id = randomUUID();
  const createdAt = now.toISOString();
  const record = { userId: reservation.userId, createdAt, id };
  await transactWrite([
    accountGuard(reservation.userId),
    {
      Put: {
        Item: {
          ...AiHistoryKeys.key(record),
          type: 'AiUsage',
          id,
          userId: reservation.userId,
          usageType,
          createdAt,
          date: reservation.day,
          ...AiHistoryKeys.owner(record),
        },
      },
    },
  ]);
}

/**
 * Runs one generation within the daily allowance: reserve a use, generate, then record it, or
 * give the use back if the generation failed (a failure never uses up a generation).
 */
export async function withDailyAllowance<T>(
  user: Member,
  usageType: AiUsageType,
  generate: () => Promise<T>,
  log: Logger,
): Promise<T> {
  const reservation = await reserveUse(user);
  let result: T;
  try {
    result = await generate();
  } catch (error) {
    await releaseUse(reservation).catch((releaseError: unknown) =>
      log.error('could not give back an AI use', { error: releaseError, userId: user.id }),
    );
    throw error;
  }
  await recordUse(reservation, usageType).catch((recordError: unknown) =>
    log.error('could not record AI usage history', { error: recordError, userId: user.id }),
  );
  emitMetric(METRIC.generations, 1, { usageType });
  return result;
}

/**
 * Generation attempts per member and minute, failed ones included: generation is the costliest
 * call there is, and a failure gives its daily use back, so failures are bounded here.
 */
const ATTEMPTS_PER_MINUTE = 10;

export async function checkAttemptRate(userId: string, purpose = 'ai-generate', limit = ATTEMPTS_PER_MINUTE) {
  if (!(await withinRateLimit(`${purpose}#${userId}`, limit, 60))) throw new TooManyRequestsError();
}
