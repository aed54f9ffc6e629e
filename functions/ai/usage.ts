import type { AiUsageLimit } from '@shared/ai';
import { TooManyRequestsError } from '../lib/errors';
import { japanDate } from '../lib/japan-time';
import type { Logger } from '../lib/logger';
import { emitMetric, METRIC } from '../lib/metrics';
import { withinRateLimit } from '../lib/rate-limit';
import type { Member } from '../users/user-policy';
import {
  allowance,
  ATTEMPTS_PER_MINUTE,
  countersKeptUntil,
  dailyLimitFor,
  dailyLimitReached,
  modelCallLimitFor,
  modelCallLimitReached,
  type AiUsageType,
} from './usage-policy';
import { countModelCall, recordUse, releaseUse, reserveUse, usedOn } from './usage-store';

/**
 * Daily AI limits, the day ending at 00:00 Japan time: 3 generations a day for free members, 200
 * for advanced members, and a cap on the calls that reach the model whatever their outcome
 * (AI_MODEL_CALL_LIMITS). The rules are in usage-policy.ts, the counters in usage-store.ts.
 */

/** `GET /api/ai/usage-limit`: how many generations are left today. */
export async function usageLimit(user: Member, now = new Date()): Promise<AiUsageLimit> {
  return allowance(user, await usedOn(user.id, japanDate(now)), now);
}

/**
 * Counts one call to the model (Amazon Bedrock) against the member's daily cap, before the call
 * is made, or refuses it (429, saying when the cap resets) when the day's calls are used up. The
 * conditional update admits exactly the cap however many requests race; a call counts whatever
 * its outcome (a retry after a malformed answer is a call of its own).
 */
export async function reserveModelCall(user: Member, now = new Date()): Promise<void> {
  const limit = modelCallLimitFor(user);
  await countModelCall(
    { userId: user.id, day: japanDate(now), limit, keptUntil: countersKeptUntil(now) },
    () => modelCallLimitReached(limit),
  );
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
  const now = new Date();
  const limit = dailyLimitFor(user);
  const day = japanDate(now);
  await reserveUse({ userId: user.id, day, limit, keptUntil: countersKeptUntil(now) }, () =>
    dailyLimitReached(limit),
  );
  let result: T;
  try {
    result = await generate();
  } catch (error) {
    await releaseUse(user.id, day).catch((releaseError: unknown) =>
      log.error('could not give back an AI use', { error: releaseError, userId: user.id }),
    );
    throw error;
  }
  await recordUse(user.id, day, usageType).catch((recordError: unknown) =>
    log.error('could not record AI usage history', { error: recordError, userId: user.id }),
  );
  emitMetric(METRIC.generations, 1, { usageType });
  return result;
}

export async function checkAttemptRate(userId: string, purpose = 'ai-generate', limit = ATTEMPTS_PER_MINUTE) {
  if (!(await withinRateLimit(`${purpose}#${userId}`, limit, 60))) throw new TooManyRequestsError();
}
