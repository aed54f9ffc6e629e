import { AI_MESSAGES, AI_MODEL_CALL_LIMITS, type AiUsageLimit } from '@shared/ai';
import { LIMITS } from '@shared/constants';
import { TooManyRequestsError } from '../lib/errors';
import { nextJapanMidnight } from '../lib/japan-time';
import type { Member } from '../users/user-policy';

/**
 * The rules of the daily AI allowance, as pure functions of the member, the day's counts and the
 * time (the day ends at 00:00 Japan time): how many generations and model calls a member has, what
 * is left, what a refusal says, and how long a day's counters are kept. usage-store.ts counts,
 * usage.ts puts the two together.
 */

/** What a generation was for: a quiz from text, PDF or Word, or focused-study questions. */
export type AiUsageType = 'text' | 'pdf' | 'word' | 'study';

/** Generations a day: 3 for free members, 200 for advanced members. */
export const dailyLimitFor = (user: Pick<Member, 'isPro'>) =>
  user.isPro ? LIMITS.aiGenerationsPerDayWithMembership : LIMITS.aiGenerationsPerDayFree;

/** Calls that reach the model a day, whatever their outcome. */
export const modelCallLimitFor = (user: Pick<Member, 'isPro'>) =>
  user.isPro ? AI_MODEL_CALL_LIMITS.withMembership : AI_MODEL_CALL_LIMITS.free;

/** `GET /api/ai/usage-limit`'s answer: how many generations are left today, and when the day resets. */
export function allowance(user: Pick<Member, 'isPro'>, used: number, now: Date): AiUsageLimit {
  const total = dailyLimitFor(user);
  const remaining = Math.max(0, total - used);
  return { canUse: remaining > 0, remaining, total, resetAt: nextJapanMidnight(now).toISOString() };
}

/** The refusal once the day's generations are used up. */
export const dailyLimitReached = (limit: number) =>
  new TooManyRequestsError(AI_MESSAGES.dailyLimit(limit), 'ai_daily_limit');

/** The refusal once the day's model calls are used up (it says when the cap resets). */
export const modelCallLimitReached = (limit: number) =>
  new TooManyRequestsError(AI_MESSAGES.modelCallLimit(limit), 'ai_model_call_limit');

/** The day's counters are kept a week after the day ends (expiry is never relied on: the key holds the day). */
export const countersKeptUntil = (now: Date) => new Date(nextJapanMidnight(now).getTime() + 7 * 86_400_000);

/**
 * Generation attempts per member and minute, failed ones included: generation is the costliest
 * call there is, and a failure gives its daily use back, so failures are bounded here.
 */
export const ATTEMPTS_PER_MINUTE = 10;
