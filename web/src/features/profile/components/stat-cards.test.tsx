import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatCards } from './stat-cards';

describe('the profile numbers', () => {
  it('calls the points 学習ポイント, a name of their own apart from the multiplayer スコア', () => {
    render(
      <StatCards
        stats={{
          quizzesCreated: 1,
          quizzesCompleted: 3,
          averageScore: 80,
          totalPoints: 100,
          proLastPaidAt: null,
        }}
        pending={false}
      />,
    );
    const card = screen.getByText('学習ポイント').closest('li')!;
    expect(card.textContent).toBe('学習ポイント100pt');
    expect(screen.queryByText('合計ポイント')).toBeNull();
  });
});
