import { describe, expect, it } from 'vitest';
import { AI_MESSAGES } from '@shared/ai';
import { TooManyRequestsError } from '../lib/errors';
import {
  allowance,
  countersKeptUntil,
  dailyLimitFor,
  dailyLimitReached,
  modelCallLimitFor,
  modelCallLimitReached,
} from './usage-policy';

const free = { isPro: false };
const pro = { isPro: true };
// 23:30 on 26 November in Japan.
const lateEvening = new Date('2026-11-26T14:30:00.000Z');

describe('the daily AI allowance', () => {
  it('gives a free member 3 generations and 10 model calls a day, an advanced member 200 and 300', () => {
    expect(dailyLimitFor(free)).toBe(3);
    expect(dailyLimitFor(pro)).toBe(200);
    expect(modelCallLimitFor(free)).toBe(10);
    expect(modelCallLimitFor(pro)).toBe(300);
  });

  it('says what is left today and that the day resets at midnight Japan time', () => {
    expect(allowance(free, 1, lateEvening)).toEqual({
      canUse: true,
      remaining: 2,
      total: 3,
      resetAt: '2026-11-26T15:00:00.000Z',
    });
    expect(allowance(free, 3, lateEvening)).toMatchObject({ canUse: false, remaining: 0 });
    // More counted than the limit (a limit lowered since) is still none left, never a negative.
    expect(allowance(free, 5, lateEvening)).toMatchObject({ canUse: false, remaining: 0 });
  });

  it('refuses with 429 and the spec’s message for each cap', () => {
    expect(dailyLimitReached(3)).toEqual(
      new TooManyRequestsError(AI_MESSAGES.dailyLimit(3), 'ai_daily_limit'),
    );
    expect(modelCallLimitReached(10)).toEqual(
      new TooManyRequestsError(AI_MESSAGES.modelCallLimit(10), 'ai_model_call_limit'),
    );
  });

  it('keeps a day’s counters a week after the day ends', () => {
    expect(countersKeptUntil(lateEvening).toISOString()).toBe('2026-12-03T15:00:00.000Z');
  });
});
