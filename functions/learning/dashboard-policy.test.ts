import { describe, expect, it } from 'vitest';
import {
  addDays,
  answeredSince,
  calendarOf,
  categoriesOf,
  dailyStatsOf,
  daysOfSummary,
  goalOf,
  mondayOf,
  planProgress,
  recommendedAction,
  sessionsOf,
  streaks,
  summarize,
  summaryMayHold,
  summaryServes,
  trendOf,
  weaknessesOf,
  type Day,
} from './dashboard-policy';
import type { AnswerEvent } from './event-policy';

/** The learning records as the member reads them (docs/decisions.md "Issue 29"). */
const day = (date: string, pairs: Record<string, [number, number]> = { '科学#初級': [1, 1] }): Day => ({
  date,
  questionsAnswered: Object.values(pairs).reduce((sum, [answered]) => sum + answered, 0),
  correctAnswers: Object.values(pairs).reduce((sum, [, correct]) => sum + correct, 0),
  quizzesCompleted: 1,
  timeSpent: 30,
  ...Object.fromEntries(
    Object.entries(pairs).flatMap(([pair, [answered, correct]]) => [
      [`n#${pair}`, answered],
      [`c#${pair}`, correct],
    ]),
  ),
});

describe('days and weeks (Japan)', () => {
  it('counts days across months and years, and weeks from Monday', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(mondayOf('2026-03-11')).toBe('2026-03-09'); // Wednesday
    expect(mondayOf('2026-03-15')).toBe('2026-03-09'); // Sunday
    expect(mondayOf('2026-03-16')).toBe('2026-03-16'); // Monday
  });
});

describe('streaks', () => {
  const days = ['2026-05-01', '2026-05-02', '2026-05-03', '2026-05-05'].map((date) => day(date));
  it('counts the run up to today, or up to yesterday before today’s first answer', () => {
    expect(streaks(days, '2026-05-05')).toEqual({ current: 1, longest: 3 });
    expect(streaks(days, '2026-05-06')).toEqual({ current: 1, longest: 3 });
    expect(streaks(days, '2026-05-07')).toEqual({ current: 0, longest: 3 });
    expect(streaks(days, '2026-05-03')).toEqual({ current: 3, longest: 3 });
    expect(streaks([], '2026-05-03')).toEqual({ current: 0, longest: 0 });
  });

  it('leaves out days with only study time', () => {
    expect(streaks([day('2026-05-04', {}), ...days], '2026-05-05').longest).toBe(3);
  });

  it('gives each day of the daily stats its run, and their categories and score', () => {
    expect(
      dailyStatsOf(
        [...days, day('2026-05-06', { '歴史#中級': [4, 1], '科学#初級': [0, 0] })],
        '2026-05-03',
        '2026-05-06',
      ),
    ).toEqual([
      expect.objectContaining({ date: '2026-05-03', streak: 3 }),
      expect.objectContaining({ date: '2026-05-05', streak: 1 }),
      expect.objectContaining({
        date: '2026-05-06',
        streak: 2,
        categoriesStudied: ['歴史'],
        averageScore: 25,
      }),
    ]);
  });
});

describe('calendar and categories', () => {
  it('keeps the active days of the last 365, oldest first', () => {
    const days = [day('2025-06-01'), day('2025-06-02'), day('2026-05-31'), day('2026-04-01', {})];
    expect(calendarOf(days, '2026-06-01').map((entry) => entry.date)).toEqual(['2025-06-02', '2026-05-31']);
  });

  it('sums categories over difficulties, most answered first, accuracy in whole percent', () => {
    const days = [day('2026-01-01', { '科学#初級': [3, 1], '科学#上級': [3, 1], '歴史#初級': [7, 7] })];
    expect(categoriesOf(days)).toEqual([
      { category: '歴史', questionsAnswered: 7, correctAnswers: 7, accuracy: 100 },
      { category: '科学', questionsAnswered: 6, correctAnswers: 2, accuracy: 33 },
    ]);
  });
});

describe('weaknesses', () => {
  it('compares the last 14 days with the 14 before, by 10 points, stable without 5 answers in each', () => {
    expect(trendOf({ answered: 10, correct: 6 }, { answered: 10, correct: 5 })).toBe('improving');
    expect(trendOf({ answered: 10, correct: 5 }, { answered: 10, correct: 6 })).toBe('declining');
    expect(trendOf({ answered: 10, correct: 6 }, { answered: 20, correct: 11 })).toBe('stable');
    expect(trendOf({ answered: 4, correct: 4 }, { answered: 10, correct: 0 })).toBe('stable');
  });

  it('lists pairs of 5 answers or more, weakest first, with advice naming the category', () => {
    const days = [
      day('2026-06-01', { '科学#初級': [10, 9], '歴史#上級': [5, 1], '地理#初級': [4, 0] }),
      day('2026-06-20', { '科学#初級': [10, 2] }),
    ];
    const list = weaknessesOf(days, '2026-06-25');
    expect(list.map((weakness) => [weakness.category, weakness.accuracy, weakness.improvementTrend])).toEqual(
      [
        ['歴史', 20, 'stable'],
        ['科学', 55, 'declining'],
      ],
    );
    expect(list[0]!.recommendedAction).toContain('「歴史」の上級');
  });

  it('advises by accuracy and trend', () => {
    expect(recommendedAction('科学', '初級', 30, 'stable')).toMatch(
      /^「科学」の初級は正答率30%です。.*復習セッション/,
    );
    expect(recommendedAction('科学', '初級', 75, 'declining')).toContain('下がっています');
    expect(recommendedAction('科学', '', 90, 'improving')).toMatch(/^「科学」は正答率90%と好調です/);
  });
});

describe('goals and plans', () => {
  const days = [
    day('2026-04-10', { '科学#初級': [50, 0] }),
    day('2026-04-13', { '科学#初級': [5, 0], '歴史#初級': [3, 0] }),
    day('2026-04-15', { '科学#中級': [2, 0] }),
  ];

  it('counts answers in a category or all since a day', () => {
    expect(answeredSince(days, '2026-04-13', '2026-04-15', null)).toBe(10);
    expect(answeredSince(days, '2026-04-13', '2026-04-15', '科学')).toBe(7);
  });

  it('measures a plan up to its end (weeks × the weekly goal), or this week without an end', () => {
    const plan = {
      targetCategory: '科学',
      dailyGoal: 5,
      weeklyGoal: 10,
      startDate: '2026-04-13',
      endDate: '2026-04-26',
      targetExamDate: null,
    };
    expect(planProgress(plan, days, '2026-04-15')).toBe(35);
    expect(planProgress({ ...plan, endDate: null, targetExamDate: '2026-04-19' }, days, '2026-04-15')).toBe(
      70,
    );
    expect(
      planProgress(
        { ...plan, targetCategory: null, endDate: null, startDate: '2026-04-01' },
        days,
        '2026-04-15',
      ),
    ).toBe(100);
  });

  it('counts no answer given after the plan ended', () => {
    const ended = {
      targetCategory: '科学',
      dailyGoal: 5,
      weeklyGoal: 10,
      startDate: '2026-04-06',
      endDate: '2026-04-12',
      targetExamDate: null,
    };
    // 50 answered on the 10th (in it), 7 more in 科学 after it ended.
    expect(planProgress({ ...ended, weeklyGoal: 100 }, days, '2026-04-15')).toBe(50);
    expect(
      planProgress(
        { ...ended, endDate: null, targetExamDate: '2026-04-12', weeklyGoal: 100 },
        days,
        '2026-04-15',
      ),
    ).toBe(50);
  });

  it('takes the active plan’s goals, else 5 and 35', () => {
    expect(goalOf(undefined, days, '2026-04-15')).toEqual({
      dailyGoal: 5,
      weeklyGoal: 35,
      todayDone: 2,
      weekDone: 10,
      planId: null,
    });
  });
});

describe('study sessions', () => {
  const event = (answeredAt: string, fields: Partial<AnswerEvent> = {}): AnswerEvent => ({
    userId: 'u',
    eventId: answeredAt,
    answeredAt,
    kind: 'attempt',
    answered: 2,
    correct: 1,
    quizzes: 1,
    timeSpent: 0,
    category: '科学',
    difficulty: '初級',
    ...fields,
  });

  it('splits runs at gaps over 30 minutes, newest first, and counts a play’s questions once', () => {
    const sessions = sessionsOf(
      [
        {
          at: '2026-07-01T00:00:00.000Z',
          event: event('2026-07-01T00:00:00.000Z', {
            kind: 'check',
            playId: 'p',
            questions: ['aaaaaaaa-'],
            answered: 1,
            correct: 0,
            quizzes: 0,
          }),
        },
        {
          at: '2026-07-01T00:10:00.000Z',
          event: event('2026-07-01T00:10:00.000Z', { playId: 'p', questions: ['aaaaaaaa+', 'bbbbbbbb+'] }),
        },
        { at: '2026-07-01T00:20:00.000Z', timeSpent: 40 },
        { at: '2026-07-01T00:50:01.000Z', event: event('2026-07-01T00:50:01.000Z', { category: '歴史' }) },
      ],
      20,
    );
    expect(sessions).toEqual([
      expect.objectContaining({
        startTime: '2026-07-01T00:50:01.000Z',
        totalQuestions: 2,
        categories: ['歴史'],
      }),
      expect.objectContaining({
        startTime: '2026-07-01T00:00:00.000Z',
        endTime: '2026-07-01T00:20:00.000Z',
        totalQuizzes: 1,
        totalQuestions: 2,
        correctAnswers: 1,
        totalTimeSpent: 40,
        date: '2026-07-01',
      }),
    ]);
    expect(sessionsOf([], 20)).toEqual([]);
  });
});

describe('the dashboard’s summary of old days', () => {
  const today = '2026-06-30';
  const days = Array.from({ length: 120 }, (_, index) => addDays(today, -index))
    .filter((date, index) => index % 9 !== 4)
    .map((date, index) =>
      day(date, {
        [`${index % 2 ? '科学' : '歴史'}#初級`]: [5 + (index % 4), index % 5],
        '地理#上級': [1, 1],
      }),
    );

  it('answers what every day answers: streaks, calendar, categories and weaknesses', () => {
    const summary = summarize(days, today);
    expect(summary.through).toBe('2026-06-02');
    expect(summaryServes(summary, today)).toBe(true);
    const served = [...daysOfSummary(summary), ...days.filter((entry) => entry.date > summary.through)];
    expect(streaks(served, today)).toEqual(streaks(days, today));
    expect(calendarOf(served, today)).toEqual(calendarOf(days, today));
    expect(categoriesOf(served)).toEqual(categoriesOf(days));
    expect(weaknessesOf(served, today)).toEqual(weaknessesOf(days, today));
  });

  it('is rebuilt when it is more than 35 days back, or ahead of 28 days back', () => {
    const summary = summarize(days, today);
    expect(summaryServes(summary, addDays(today, 7))).toBe(true);
    expect(summaryServes(summary, addDays(today, 8))).toBe(false);
    expect(summaryServes(summary, addDays(today, -1))).toBe(false);
    expect(summaryServes(undefined, today)).toBe(false);
  });

  it('may hold any day 28 days back or older (a day’s margin for two clocks): such an event marks it stale', () => {
    const now = new Date('2026-06-30T03:00:00Z'); // 12:00 in Japan
    expect(summaryMayHold('2026-06-03', now)).toBe(true);
    expect(summaryMayHold('2026-05-01', now)).toBe(true);
    expect(summaryMayHold('2026-06-04', now)).toBe(false);
    expect(summaryMayHold('2026-06-30', now)).toBe(false);
  });
});
