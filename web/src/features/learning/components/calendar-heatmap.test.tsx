import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dashboard, TODAY } from '../testing/learning-records';
import { CalendarHeatmap, levelOf } from './calendar-heatmap';

describe('the calendar heatmap', () => {
  it('draws the 365 days up to today, shaded against the daily goal, and scrolls from the keyboard', () => {
    render(<CalendarHeatmap calendar={dashboard.calendar} today={TODAY} dailyGoal={5} />);
    const days = document.querySelectorAll('rect.heatmap__day');
    expect(days).toHaveLength(365);
    const today = document.querySelector('rect.is-today')!;
    expect(today.querySelector('title')!.textContent).toBe('2026年11月26日（木）: 3問');
    expect(today.getAttribute('class')).toContain('heatmap__day--2');
    // The picture is hidden from screen readers; its region can be scrolled with the keyboard.
    expect(document.querySelector('svg.heatmap')!.getAttribute('aria-hidden')).toBe('true');
    const region = screen.getByRole('region', { name: '学習カレンダーの図（横にスクロールできます）' });
    expect(region.tabIndex).toBe(0);
  });

  it('says the year in a sentence and lists the days with activity in a table, newest first', async () => {
    render(<CalendarHeatmap calendar={dashboard.calendar} today={TODAY} dailyGoal={5} />);
    expect(document.querySelector('.learning-panel__summary')!.textContent).toBe(
      '過去1年間で学習した日は3日、回答した問題は合計15問です。',
    );
    await userEvent.setup().click(screen.getByText('学習した日を表で見る'));
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '2026年11月26日（木）3問2問',
      '2026年11月25日（水）2問1問',
      '2026年11月23日（月）10問7問',
    ]);
  });

  it('shades a day by its answers against the goal', () => {
    expect([0, 1, 2, 3, 5, 9, 10].map((answered) => levelOf(answered, 5))).toEqual([0, 1, 1, 2, 3, 3, 4]);
  });
});
