import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@web/testing/render';
import { dashboard } from '../testing/learning-records';
import { WeaknessesPanel } from './weaknesses-panel';

describe('the weaknesses panel', () => {
  it('shows each weakness with its figures, trend and action, leading to a review of that category when its mistakes are due', async () => {
    const onReview = vi.fn();
    renderWithProviders(
      <WeaknessesPanel
        weaknesses={dashboard.weaknesses}
        reviewableCategories={new Set(['歴史'])}
        onReview={onReview}
      />,
    );
    expect(screen.getByRole('heading', { name: '歴史中級' })).toBeTruthy();
    expect(screen.getByText('正答率', { exact: false }).textContent).toBe('正答率 40%（5問中2問正解）');
    expect(screen.getByText('低下中')).toBeTruthy();
    expect(screen.getByText('「歴史」の中級の問題を復習しましょう')).toBeTruthy();
    expect(screen.getByRole('link', { name: '歴史のクイズを探す' }).getAttribute('href')).toBe(
      '/quiz-search?category=%E6%AD%B4%E5%8F%B2',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: '歴史の間違えた問題を復習' }));
    expect(onReview).toHaveBeenCalledExactlyOnceWith('歴史');
  });

  it('offers only the quizzes where nothing of the category is due, and says what makes a weakness', () => {
    const { unmount } = renderWithProviders(
      <WeaknessesPanel
        weaknesses={dashboard.weaknesses}
        reviewableCategories={new Set()}
        onReview={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button', { name: '歴史の間違えた問題を復習' })).toBeNull();
    expect(screen.getByRole('link', { name: '歴史のクイズを探す' })).toBeTruthy();
    unmount();
    renderWithProviders(
      <WeaknessesPanel weaknesses={[]} reviewableCategories={new Set()} onReview={vi.fn()} />,
    );
    expect(screen.getByText('分野ごとに5問以上回答すると、苦手な分野がここに表示されます。')).toBeTruthy();
  });
});
