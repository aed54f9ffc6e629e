import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, json, renderWithProviders } from '@web/testing/render';
import { LearningSummary } from './learning-summary';

afterEach(() => vi.unstubAllGlobals());

const dashboard = {
  // 7 answered today, 3 of them in the active plan's category (what its goal counts).
  today: { date: '2026-11-26', questionsAnswered: 7, correctAnswers: 5, quizzesCompleted: 1, timeSpent: 60 },
  streak: { current: 4, longest: 9 },
  goal: { dailyGoal: 10, weeklyGoal: 70, todayDone: 3, weekDone: 12, planId: 'plan-1' },
  calendar: [],
  categories: [],
  weaknesses: [],
  reviewDue: 2,
};

describe("the profile's learning summary", () => {
  it('shows the dashboard’s own figures (the learning page reads the same query) and links to /learning', async () => {
    vi.stubGlobal('fetch', fakeFetch({ '/api/learning/dashboard': () => json(dashboard) }).fetchImpl);
    renderWithProviders(<LearningSummary userId="u1" />);
    await screen.findByText('3 / 10問');
    const figures = [...document.querySelectorAll('.learning-summary__figures > div')].map(
      (row) => row.textContent,
    );
    // The daily goal as /learning's ring names it (「今日の目標 10問のうち3問」), not all of today's answers.
    expect(figures).toEqual(['今日の目標3 / 10問', '連続学習4日', '最長連続9日', '今日の復習2問']);
    expect(screen.getByRole('link', { name: '学習記録を見る' }).getAttribute('href')).toBe('/learning');
  });
});
