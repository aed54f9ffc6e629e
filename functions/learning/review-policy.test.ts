import { describe, expect, it } from 'vitest';
import {
  dueBy,
  editedSince,
  isDue,
  japanDayAfter,
  mastersAfter,
  nextReviewDay,
  nextReviewState,
  queueSummary,
  quizQuestionForReview,
  reviewKeyOf,
  reviewQuestionId,
  SM2,
  stillReviewable,
} from './review-policy';

/** SM-2 with the easiness stored ×100 (docs/focused-study.md). */
describe('review schedule (SM-2)', () => {
  const start = { easinessFactor: SM2.startEasiness, reviewInterval: 1, repetition: 0 };

  it('lengthens the interval on every right answer: 1 day after the miss, then 6 days, then × the easiness', () => {
    const first = nextReviewState(start, true);
    expect(first).toEqual({ easinessFactor: 260, reviewInterval: 6, repetition: 1 });
    // 6 × 2.6 = 15.6 → 16 days.
    const second = nextReviewState(first, true);
    expect(second).toEqual({ easinessFactor: 270, reviewInterval: 16, repetition: 2 });
    // 16 × 2.7 = 43.2 → 43 days.
    expect(nextReviewState(second, true)).toEqual({ easinessFactor: 280, reviewInterval: 43, repetition: 3 });
  });

  it('resets to 1 day on a wrong answer and lowers the easiness, never below 1.3', () => {
    const long = { easinessFactor: 250, reviewInterval: 40, repetition: 5 };
    expect(nextReviewState(long, false)).toEqual({ easinessFactor: 218, reviewInterval: 1, repetition: 0 });
    let state = long;
    for (let i = 0; i < 10; i++) state = nextReviewState(state, false);
    expect(state.easinessFactor).toBe(SM2.minEasiness);
  });

  it('keeps a question wrongly answered in the review of mistakes due today (relearning); focused study waits a day', () => {
    const now = new Date('2026-11-26T03:00:00Z');
    const wrong = nextReviewState(start, false);
    expect(nextReviewDay(now, wrong, false, { relearn: true })).toBe('2026-11-26');
    expect(nextReviewDay(now, wrong, false)).toBe('2026-11-27');
    expect(nextReviewDay(now, nextReviewState(start, true), true, { relearn: true })).toBe('2026-12-02');
    expect([
      isDue({ nextReviewDate: '2026-11-26' }, '2026-11-26'),
      isDue({ nextReviewDate: '2026-11-27' }, '2026-11-26'),
    ]).toEqual([true, false]);
  });

  it('counts days in Japan time', () => {
    // 2026-03-31 23:30 in Japan is 14:30 UTC: the next day is 2026-04-01 whatever UTC says.
    expect(japanDayAfter(new Date('2026-03-31T14:30:00Z'), 1)).toBe('2026-04-01');
    expect(japanDayAfter(new Date('2026-03-31T15:30:00Z'), 1)).toBe('2026-04-02');
    expect(japanDayAfter(new Date('2026-12-31T00:00:00Z'), 6)).toBe('2027-01-06');
  });

  it('names a quiz question by its quiz, and a focused-study question by itself', () => {
    const key = { quizId: 'quiz-1', questionId: 'question-1' };
    expect(reviewKeyOf(reviewQuestionId(key))).toEqual(key);
    expect(reviewKeyOf('abc')).toEqual({ quizId: 'focused-study', questionId: 'abc' });
    expect(reviewQuestionId({ quizId: 'focused-study', questionId: 'abc' })).toBe('abc');
  });
});

describe('the review queue', () => {
  const at = (nextReviewDate: string) => ({ nextReviewDate });

  it('asks what is due by today (Japan time), in the order read', () => {
    const items = [at('2026-11-20'), at('2026-11-26'), at('2026-11-27')];
    expect(dueBy(items, '2026-11-26')).toEqual([at('2026-11-20'), at('2026-11-26')]);
    expect(dueBy([], '2026-11-26')).toEqual([]);
  });

  it('sums up as due today, scheduled in all and the next day after today', () => {
    expect(queueSummary(['2026-11-20', '2026-11-26', '2026-11-28', '2026-12-01'], '2026-11-26')).toEqual({
      dueToday: 2,
      scheduled: 4,
      nextReviewDate: '2026-11-28',
    });
    expect(queueSummary([], '2026-11-26')).toEqual({ dueToday: 0, scheduled: 0, nextReviewDate: null });
  });

  it('asks a quiz question as focused study does, under the id that finds its item again', () => {
    const question = {
      id: 'q1',
      questionText: '日本の首都は？',
      optionA: '東京',
      optionB: '大阪',
      optionC: null,
      optionD: '京都',
      correctAnswer: 'A' as const,
      explanation: null,
      order: 0,
    };
    expect(quizQuestionForReview('quiz1', question)).toEqual({
      id: 'quiz~quiz1~q1',
      type: 'multiple_choice',
      text: '日本の首都は？',
      options: { A: '東京', B: '大阪', D: '京都' },
      correctAnswer: 'A',
      explanation: '',
    });
  });
});

describe('review of mistakes (issue 29)', () => {
  it('masters a question at the third right review in a row', () => {
    const start = { easinessFactor: SM2.startEasiness, reviewInterval: 1, repetition: 0 };
    expect(mastersAfter(start, true, 3)).toBe(false);
    expect(mastersAfter({ ...start, repetition: 2 }, true, 3)).toBe(true);
    expect(mastersAfter({ ...start, repetition: 2 }, false, 3)).toBe(false);
  });

  it('keeps a question while its quiz is live, shown, visible and still has it', () => {
    const live = { status: 'active', isHidden: false, visible: true };
    expect(stillReviewable(live, undefined, 'q1')).toBe(true);
    expect(stillReviewable(live, new Set(['q1']), 'q1')).toBe(true);
    expect(stillReviewable(live, new Set(['q2']), 'q1')).toBe(false);
    expect(stillReviewable({ ...live, isHidden: true }, undefined, 'q1')).toBe(false);
    expect(stillReviewable({ ...live, status: 'deleting' }, undefined, 'q1')).toBe(false);
    expect(stillReviewable({ ...live, visible: false }, undefined, 'q1')).toBe(false);
    expect(stillReviewable(undefined, undefined, 'q1')).toBe(false);
  });

  it('looks at the questions again only when an edit took one out after the mistake', () => {
    const mistake = { lastWrongAt: '2026-01-02T00:00:00Z' };
    // Edited (a title) after the mistake, no question taken out since it.
    const retitled = { updatedAt: '2026-01-05T00:00:00Z', questionsRemovedAt: '2026-01-01T00:00:00Z' };
    expect(editedSince(retitled, mistake)).toBe(false);
    expect(editedSince({ ...retitled, questionsRemovedAt: '2026-01-03T00:00:00Z' }, mistake)).toBe(true);
    // Not edited since it was kept: its last edit counts.
    expect(editedSince({ updatedAt: '2026-01-03T00:00:00Z' }, mistake)).toBe(true);
    expect(editedSince({ updatedAt: '2026-01-01T00:00:00Z' }, mistake)).toBe(false);
    expect(editedSince(undefined, mistake)).toBe(false);
  });
});
