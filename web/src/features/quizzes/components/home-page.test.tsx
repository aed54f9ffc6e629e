import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '@web/testing/render';
import { HomePage } from './home-page';

afterEach(() => vi.unstubAllGlobals());

const quiz = (index: number) => ({
  id: `quiz-${index}`,
  title: `クイズ${index}`,
  description: '説明',
  category: '歴史',
  difficulty: '初級',
  timeLimit: 10,
  questionCount: 5,
  participantCount: 3,
  totalPlayers: 30,
  averageRating: 0,
  authorId: 'a',
  authorName: '作者',
  isPublished: true,
  isHidden: false,
  reportCount: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  tags: [],
});

/** Home's reads: the newest 50 (the cap) without a search, one quiz for 日本史. */
function server() {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/auth/me') return json({ message: 'ログインが必要です' }, 401);
    if (url.pathname === '/api/categories') return json([]);
    if (url.pathname === '/api/quizzes/featured') return json(null);
    if (url.pathname === '/api/quizzes')
      return json(
        url.searchParams.get('search') === '日本史'
          ? [quiz(1)]
          : Array.from({ length: 50 }, (_, i) => quiz(i)),
      );
    return json({ message: 'Not Found' }, 404);
  });
}

describe('the home page', () => {
  it('says a list cut at its cap is 50件以上, not 50, and names what a search shows', async () => {
    server();
    renderWithProviders(<HomePage />);
    expect(await screen.findByText('50件以上のうち12件を表示')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '新着クイズ' })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '日本史' } });
    expect(await screen.findByRole('heading', { name: '『日本史』の検索結果（1件）' })).toBeTruthy();
    expect(screen.getByText('1件のうち1件を表示')).toBeTruthy();
  });

  it('opens with the search its address keeps, so coming back from a quiz finds the same list', async () => {
    server();
    renderWithProviders(<HomePage />, { route: '/?q=日本史' });
    expect(await screen.findByRole('heading', { name: '『日本史』の検索結果（1件）' })).toBeTruthy();
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('日本史');
  });

  it('shows on each card the people who played it, the number 人気順 ranks by (not the plays)', async () => {
    server();
    renderWithProviders(<HomePage />);
    const card = (await screen.findAllByRole('article'))[0]!;
    expect(within(card).getByText('挑戦した人').nextElementSibling?.textContent).toBe(' 3人');
    expect(card.textContent).not.toContain('30');
  });
});
