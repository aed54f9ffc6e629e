import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboard, days, stubChartBox, TODAY } from '../testing/learning-records';
import { AccuracyTrendChart } from './accuracy-trend-chart';
import { CategoryChart } from './category-chart';

beforeEach(() => stubChartBox());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe('the category chart', () => {
  it('draws a bar per category for the eye and says the same in a sentence and a table', async () => {
    render(<CategoryChart categories={dashboard.categories} />);
    expect(document.querySelector('.chart')!.getAttribute('aria-hidden')).toBe('true');
    expect(await screen.findAllByText('80%')).toBeTruthy();
    expect(document.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(2);
    expect(screen.getByText(/2カテゴリで回答しています。/).textContent).toBe(
      '2カテゴリで回答しています。正答率がいちばん低いのは「歴史」（40%）です。',
    );
    await userEvent.setup().click(screen.getByText('カテゴリ別の正答率を表で見る'));
    expect(rowsOf(screen.getByRole('table'))).toEqual(['科学10問8問80%', '歴史5問2問40%']);
  });

  it('says when nothing has been answered yet', () => {
    render(<CategoryChart categories={[]} />);
    expect(screen.getByText('まだ回答した問題はありません。')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('the 30-day accuracy line', () => {
  it('sums up the days with activity and lists them newest first', async () => {
    render(<AccuracyTrendChart days={days} today={TODAY} pending={false} failed={false} />);
    expect(screen.getByText(/30日間のうち/).textContent).toBe(
      '30日間のうち2日学習し、正答率は69%（13問中9問正解）です。',
    );
    await userEvent.setup().click(screen.getByText('日ごとの正答率を表で見る'));
    expect(rowsOf(screen.getByRole('table'))).toEqual([
      '2026年11月26日（木）3問67%',
      '2026年11月23日（月）10問70%',
    ]);
  });

  it('says so when the month has no activity, or the days could not be read', () => {
    const { rerender } = render(
      <AccuracyTrendChart days={[]} today={TODAY} pending={false} failed={false} />,
    );
    expect(screen.getByText('この30日間に回答した問題はありません。')).toBeTruthy();
    rerender(<AccuracyTrendChart days={undefined} today={TODAY} pending={false} failed />);
    expect(screen.getByText('推移を読み込めませんでした。')).toBeTruthy();
  });
});
