import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@web/lib/query-client';
import { queryKeys } from '@web/lib/query-keys';
import { json } from '@web/testing/render';
import { QuizSearchPage } from './quiz-search-page';

afterEach(() => vi.unstubAllGlobals());

const member = { id: 'u1', username: 'taro', nickname: '', email: null, isAdmin: false, isPro: false };

/** A search result as the API sends it. */
const quiz = (id: number) => ({
  id: `q${id}`,
  title: `クイズ${id}`,
  description: '',
  category: '科学',
  difficulty: '初級',
  timeLimit: 0,
  questionCount: 5,
  participantCount: 1,
  totalPlayers: 1,
  averageRating: 0,
  authorId: 'u2',
  authorName: 'hanako',
  isPublished: true,
  isHidden: false,
  reportCount: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  tags: [],
});

/** The API as the search page meets it; every search it asks for is kept. */
function server(found: object[] = []) {
  const searches: URLSearchParams[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/auth/me') return json(member);
    if (url.pathname === '/api/categories')
      return json([
        { id: 'c1', name: '科学', description: '', color: '#3B82F6', icon: 'flask', isActive: true },
      ]);
    if (url.pathname === '/api/favorites') return json([]);
    if (url.pathname === '/api/quizzes/search') {
      searches.push(url.searchParams);
      return json(found);
    }
    return json({ message: 'Not Found' }, 404);
  });
  return { searches };
}

function renderAt(address: string) {
  const router = createMemoryRouter([{ path: '/quiz-search', element: <QuizSearchPage /> }], {
    initialEntries: ['/', address],
    initialIndex: 1,
  });
  const client = createQueryClient();
  // The current user's read is tried again at once here (its own retries stay as they are).
  client.setQueryDefaults(queryKeys.currentUser, { retryDelay: 0 });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the search page', () => {
  it('opens with the search its address gives', async () => {
    const { searches } = server();
    renderAt('/quiz-search?q=宇宙&category=科学&difficulty=初級&sort=rating');
    expect(((await screen.findByRole('searchbox')) as HTMLInputElement).value).toBe('宇宙');
    expect(screen.getByRole('button', { name: '評価順' }).getAttribute('aria-pressed')).toBe('true');
    await vi.waitFor(() => expect(searches.length).toBeGreaterThan(0));
    expect(Object.fromEntries(searches.at(-1)!)).toMatchObject({
      q: '宇宙',
      category: '科学',
      difficulty: '初級',
      sort: 'rating',
    });
  });

  it('keeps the search in the address as it changes, replacing the entry rather than adding one', async () => {
    server();
    const router = renderAt('/quiz-search');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('searchbox'), '地理');
    await user.click(screen.getByRole('button', { name: '新着順' }));
    const address = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(address)).toEqual({ q: '地理', sort: 'newest' });
    // Back leaves the search page in one step: typing did not add history entries.
    await router.navigate(-1);
    expect(router.state.location.pathname).toBe('/');
  });

  it('follows the address when it changes while the box is not typed in (back, a link)', async () => {
    server();
    const router = renderAt('/quiz-search?q=宇宙');
    const box = (await screen.findByRole('searchbox')) as HTMLInputElement;
    expect(box.value).toBe('宇宙');
    await act(() => router.navigate('/quiz-search?q=歴史'));
    expect(box.value).toBe('歴史');
  });

  it('says when who is signed in cannot be read, and reads it again on request', async () => {
    let failing = true;
    const { searches } = server();
    const served = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
      failing && new URL(String(input), 'http://localhost').pathname === '/api/auth/me'
        ? json({ message: 'サーバーエラー' }, 500)
        : served(input, init),
    );
    renderAt('/quiz-search?q=宇宙');
    expect(await screen.findByRole('heading', { name: 'ログイン状態を確認できませんでした' })).toBeTruthy();
    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: '再読み込み' }));
    expect(((await screen.findByRole('searchbox')) as HTMLInputElement).value).toBe('宇宙');
    await vi.waitFor(() => expect(searches.length).toBeGreaterThan(0));
  });

  it('says when the categories cannot be read, and reads them again on request', async () => {
    let failing = true;
    server();
    const served = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
      failing && new URL(String(input), 'http://localhost').pathname === '/api/categories'
        ? json({ message: 'サーバーエラー' }, 500)
        : served(input, init),
    );
    renderAt('/quiz-search');
    expect(await screen.findByText('カテゴリの取得に失敗しました')).toBeTruthy();
    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: '再読み込み' }));
    expect(await screen.findByRole('option', { name: '科学' })).toBeTruthy();
    expect(screen.queryByText('カテゴリの取得に失敗しました')).toBeNull();
  });

  it('says how many it found (a list cut at its cap reads 「100件以上」: count-label.test.ts)', async () => {
    server([quiz(1), quiz(2)]);
    renderAt('/quiz-search?q=クイズ');
    expect(await screen.findByText('2件のクイズ')).toBeTruthy();
  });
});
