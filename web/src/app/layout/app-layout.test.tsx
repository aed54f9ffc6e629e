import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@web/lib/query-client';
import { fakeFetch, json } from '@web/testing/render';
import { AppLayout } from './app-layout';

afterEach(() => vi.unstubAllGlobals());

function Focusing() {
  return (
    <h1 tabIndex={-1} ref={(heading) => heading?.focus()}>
      自分で見出しに移るページ
    </h1>
  );
}

describe('AppLayout', () => {
  it('moves the focus to the new page after a move, unless the page put it there itself', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ '/api/auth/me': () => json({ message: 'ログインが必要です' }, 401) }).fetchImpl,
    );
    const router = createMemoryRouter(
      [
        {
          element: <AppLayout />,
          children: [
            {
              path: '/',
              element: (
                <>
                  <h1>ホーム</h1>
                  <Link to="/other">ほかのページへ</Link>
                </>
              ),
            },
            { path: '/other', element: <h1>ほかのページ</h1> },
            { path: '/focusing', element: <Focusing /> },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    // The first page keeps the browser's own start.
    expect(document.activeElement).toBe(document.body);
    const link = await screen.findByRole('link', { name: 'ほかのページへ' });
    link.focus();
    await userEvent.setup().keyboard('{Enter}');
    await screen.findByRole('heading', { name: 'ほかのページ' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('main')));
    await router.navigate('/focusing');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: '自分で見出しに移るページ' })),
    );
  });
});
