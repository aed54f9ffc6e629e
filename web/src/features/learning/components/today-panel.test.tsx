import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dashboard } from '../testing/learning-records';
import { TodayPanel } from './today-panel';

describe('the today panel', () => {
  it("says today's answers against the goal in words (the ring's text), the week's bar, the figures and the streak", () => {
    render(<TodayPanel dashboard={dashboard} />);
    expect(screen.getByRole('img', { name: '今日の目標 5問のうち3問（60%）' })).toBeTruthy();
    expect(screen.getByText('今日の目標まであと2問')).toBeTruthy();
    const week = screen.getByRole('progressbar', { name: '今週の目標' });
    expect([week.getAttribute('aria-valuenow'), week.getAttribute('aria-valuetext')]).toEqual([
      '12',
      '35問中12問',
    ]);
    const figures = Object.fromEntries(
      [...document.querySelectorAll('.fact-list > div')].map((row) => [
        row.querySelector('dt')!.textContent,
        row.querySelector('dd')!.textContent,
      ]),
    );
    expect(figures).toEqual({ 回答数: '3問', 正答率: '67%', 完了したクイズ: '1回', 学習時間: '5分' });
    const streak = screen.getByRole('group', { name: '連続学習' });
    expect(within(streak).getByText('連続', { exact: false }).textContent).toBe('連続 4日');
    expect(within(streak).getByText('最長', { exact: false }).textContent).toBe('最長 9日');
  });

  it('says the goal is met once it is, and shows no rate before the first answer', () => {
    const { unmount } = render(
      <TodayPanel dashboard={{ ...dashboard, goal: { ...dashboard.goal, todayDone: 7 } }} />,
    );
    expect(screen.getByText('今日の目標を達成しました！')).toBeTruthy();
    expect(screen.getByRole('img', { name: '今日の目標 5問のうち7問（100%）' })).toBeTruthy();
    unmount();
    render(
      <TodayPanel
        dashboard={{
          ...dashboard,
          today: { ...dashboard.today, questionsAnswered: 0, correctAnswers: 0 },
          streak: { current: 0, longest: 0 },
        }}
      />,
    );
    expect(screen.getByText('—')).toBeTruthy();
  });
});
