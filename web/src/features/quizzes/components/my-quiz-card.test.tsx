import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

const renderCard = (overrides: Partial<typeof quiz>, card: Partial<Parameters<typeof MyQuizCard>[0]> = {}) =>
  renderWithProviders(
    <MyQuizCard
      quiz={{ ...quiz, ...overrides }}
      onShowReports={vi.fn()}
      onEdit={vi.fn()}
      onDelete={vi.fn()}
      onDuplicate={vi.fn()}
      {...card}
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

  it('keeps its six actions together, two by two, and the export under them', () => {
    renderCard({});
    const actions = screen.getByRole('button', { name: '「日本の城」を編集' }).parentElement!;
    expect(actions.className).toBe('my-quiz-card__actions');
    expect([...actions.children].map((action) => action.textContent)).toEqual([
      'プレビュー',
      'ランダム順',
      '分析',
      '複製',
      '編集',
      '削除',
      '書き出し',
    ]);
  });

  it('leads to the quiz’s analytics, and copies it with 複製 (once at a time)', async () => {
    const onDuplicate = vi.fn();
    const { unmount } = renderCard({}, { onDuplicate });
    expect(screen.getByRole('link', { name: '「日本の城」の分析' }).getAttribute('href')).toBe(
      '/my-quizzes/q1/analytics',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: '「日本の城」を複製' }));
    expect(onDuplicate).toHaveBeenCalledOnce();
    unmount();
    renderCard({}, { duplicating: true });
    const pending = screen.getByRole('button', { name: '「日本の城」を複製' });
    expect(pending.textContent).toBe('複製中...');
    expect((pending as HTMLButtonElement).disabled).toBe(true);
  });
});
