import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@web/lib/query-client';
import { json } from '@web/testing/render';
import { TagPage } from './tag-page';

afterEach(() => vi.unstubAllGlobals());

const member = { id: 'u1', username: 'taro', nickname: '', email: null, isAdmin: false, isPro: false };

/** The API as a tag's page meets it: the search answers `answers` in turn. */
function server(answers: (() => Response)[]) {
  const searches: URLSearchParams[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/auth/me') return json(member);
    if (url.pathname === '/api/favorites') return json([]);
    if (url.pathname === '/api/quizzes/search') {
      searches.push(url.searchParams);
      return (answers[searches.length - 1] ?? answers.at(-1)!)();
    }
    return json({ message: 'Not Found' }, 404);
  });
  return { searches };
}

function renderAt(address: string) {
  const router = createMemoryRouter([{ path: '/tags/:name', element: <TagPage /> }], {
    initialEntries: [address],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe("a tag's page", () => {
  it("is the search's result list: its sorts in the address, and its failure with a hint and a retry", async () => {
    const failed = () => json({ message: 'エラー' }, 500);
    const { searches } = server([failed, failed, () => json([])]);
    const router = renderAt(`/tags/${encodeURIComponent('星座')}?sort=newest`);
    expect(await screen.findByRole('heading', { name: '#星座 のクイズ' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '新着順' }).getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText('クイズの検索に失敗しました: 500')).toBeTruthy();
    expect(
      screen.getByText('一時的な問題かもしれません。少し待ってから、もう一度お試しください。'),
    ).toBeTruthy();
    expect(Object.fromEntries(searches[0]!)).toMatchObject({ tag: '星座', sort: 'newest' });

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'もう一度検索する' }));
    expect(await screen.findByText('このタグのついた公開クイズはまだありません。')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '人気順' }));
    expect(router.state.location.search).toBe('');
  });
});
