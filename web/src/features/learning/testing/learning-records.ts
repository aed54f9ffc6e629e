import { vi } from 'vitest';
import type { Dashboard, DailyStat, StudyPlan, Todo } from '@shared/learning';

/** One member's learning records as the server answers them, for the panels' tests. */
export const TODAY = '2026-11-26';

export const member = { id: 'u1', username: 'taro', nickname: '', email: null, isAdmin: false, isPro: false };

export const dashboard: Dashboard = {
  today: { date: TODAY, questionsAnswered: 3, correctAnswers: 2, quizzesCompleted: 1, timeSpent: 300 },
  streak: { current: 4, longest: 9 },
  goal: { dailyGoal: 5, weeklyGoal: 35, todayDone: 3, weekDone: 12, planId: null },
  calendar: [
    { date: '2026-11-23', questionsAnswered: 10, correctAnswers: 7 },
    { date: '2026-11-25', questionsAnswered: 2, correctAnswers: 1 },
    { date: TODAY, questionsAnswered: 3, correctAnswers: 2 },
  ],
  categories: [
    { category: '科学', questionsAnswered: 10, correctAnswers: 8, accuracy: 80 },
    { category: '歴史', questionsAnswered: 5, correctAnswers: 2, accuracy: 40 },
  ],
  weaknesses: [
    {
      category: '歴史',
      difficulty: '中級',
      totalAttempts: 5,
      correctAttempts: 2,
      accuracy: 40,
      lastAttemptAt: '2026-11-26T01:00:00.000Z',
      improvementTrend: 'declining',
      recommendedAction: '「歴史」の中級の問題を復習しましょう',
    },
  ],
  reviewDue: 2,
};

export const days: DailyStat[] = [
  {
    date: '2026-11-23',
    quizzesCompleted: 2,
    questionsAnswered: 10,
    correctAnswers: 7,
    timeSpent: 600,
    streak: 1,
    categoriesStudied: ['科学'],
    averageScore: 70,
  },
  {
    date: TODAY,
    quizzesCompleted: 1,
    questionsAnswered: 3,
    correctAnswers: 2,
    timeSpent: 300,
    streak: 2,
    categoriesStudied: ['歴史'],
    averageScore: 67,
  },
];

export const plan = (overrides: Partial<StudyPlan> = {}): StudyPlan => ({
  id: '11111111-1111-4111-8111-111111111111',
  title: '世界史の試験対策',
  description: '毎日少しずつ',
  targetCategory: '歴史',
  dailyGoal: 10,
  weeklyGoal: 70,
  targetExamDate: '2026-12-06',
  startDate: '2026-11-20',
  endDate: null,
  isActive: true,
  progress: 40,
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
  ...overrides,
});

export const todo = (id: string, text: string, completed = false): Todo => ({
  id: `${TODAY}_${id}`,
  text,
  date: TODAY,
  completed,
  completedAt: completed ? '2026-11-26T02:00:00.000Z' : null,
  createdAt: '2026-11-26T01:00:00.000Z',
  updatedAt: '2026-11-26T01:00:00.000Z',
});

/**
 * Gives the charts a box of their own: recharts' responsive container measures its element
 * (getBoundingClientRect, then a ResizeObserver), which jsdom lays out at 0 × 0.
 */
export function stubChartBox() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 480, 240));
}
