import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuizSummary } from '@shared/quiz-schemas';
import { createQueryClient } from '@web/lib/query-client';
import { json } from '@web/testing/render';
import { QuizCard } from './quiz-card';

afterEach(() => vi.unstubAllGlobals());

const member = { id: 'u1', username: 'taro', nickname: '', email: null, isAdmin: false, isPro: false };

const quiz: QuizSummary = {
  id: 'quiz-9',
  title: '宇宙のふしぎ',
  description: '星と惑星の問題',
  category: '科学',
  difficulty: '初級',
  timeLimit: 10,
  questionCount: 5,
  participantCount: 3,
  totalPlayers: 4,
  averageRating: 0,
  authorId: 'a1',
  authorName: '作者',
  isPublished: true,
  isHidden: false,
  reportCount: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  tags: [],
};

/** The card on a page of its own, and the lobby it may lead to. */
function renderCard(shown: QuizSummary) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) =>
    String(input) === '/api/auth/me' ? json(member) : json({ message: 'Not Found' }, 404),
  );
  const router = createMemoryRouter(
    [
      { path: '/', element: <QuizCard quiz={shown} isFavorite={false} /> },
      { path: '/multiplayer', element: <p>ロビー</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('a quiz card', () => {
  it('starts a room on the quiz from its menu: 「みんなで遊ぶ」 opens the lobby with the quiz chosen', async () => {
    const user = userEvent.setup();
    const router = renderCard(quiz);
    await user.click(screen.getByRole('button', { name: '「宇宙のふしぎ」のその他の操作' }));
    await user.click(await screen.findByRole('menuitem', { name: 'みんなで遊ぶ' }));
    expect(await screen.findByText('ロビー')).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/multiplayer?quiz=quiz-9',
    );
  });

  it('offers no room on a quiz that cannot host one (no questions yet)', async () => {
    const user = userEvent.setup();
    renderCard({ ...quiz, questionCount: 0 });
    await user.click(screen.getByRole('button', { name: '「宇宙のふしぎ」のその他の操作' }));
    expect(await screen.findByRole('menuitem', { name: '報告する' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'みんなで遊ぶ' })).toBeNull();
  });
});
