import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@web/testing/render';
import { MyQuizCard } from './my-quiz-card';

const quiz = {
  id: 'q1',
  title: '日本の城',
  description: '城の問題',
  category: '歴史',
  difficulty: '中級' as const,
  timeLimit: 10,
  questionCount: 3,
  participantCount: 2,
  totalPlayers: 5,
  averageRating: 0,
  authorId: 'u1',
  authorName: 'はなこ',
  isPublished: true,
  isHidden: false,
  reportCount: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  tags: [],
};

const renderCard = (overrides: Partial<typeof quiz>) =>
  renderWithProviders(
    <MyQuizCard
      quiz={{ ...quiz, ...overrides }}
      onShowReports={vi.fn()}
      onEdit={vi.fn()}
      onDelete={vi.fn()}
    />,
  );

describe("an author's quiz card", () => {
  it('says whether the quiz is public or private', () => {
    const first = renderCard({ isPublished: true });
    expect(screen.getByText('公開')).toBeTruthy();
    first.unmount();
    renderCard({ isPublished: false });
    expect(screen.getByText('非公開')).toBeTruthy();
    expect(screen.queryByText('公開')).toBeNull();
  });

  it('keeps its four actions together, two by two', () => {
    renderCard({});
    const actions = screen.getByRole('button', { name: '「日本の城」を編集' }).parentElement!;
    expect(actions.className).toBe('my-quiz-card__actions');
    expect([...actions.children].map((action) => action.textContent)).toEqual([
      'プレビュー',
      'ランダム順',
      '編集',
      '削除',
    ]);
  });
});
