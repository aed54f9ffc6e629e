import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, json, renderWithProviders } from '@web/testing/render';
import { LearningSummary } from './learning-summary';

afterEach(() => vi.unstubAllGlobals());

const dashboard = {
  today: { date: '2026-11-26', questionsAnswered: 3, correctAnswers: 2, quizzesCompleted: 1, timeSpent: 60 },
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
    expect(figures).toEqual(['今日の回答3 / 10問', '連続学習4日', '最長連続9日', '今日の復習2問']);
    expect(screen.getByRole('link', { name: '学習記録を見る' }).getAttribute('href')).toBe('/learning');
  });
});
