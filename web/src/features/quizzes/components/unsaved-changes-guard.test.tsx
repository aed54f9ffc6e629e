import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@web/lib/query-client';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

/** A page with the guard and a link away, in a data router as the app has. */
function renderGuarded(changed: () => boolean) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <Link to="/elsewhere">ほかのページへ</Link>
            <UnsavedChangesGuard changed={changed} />
          </>
        ),
      },
      { path: '/elsewhere', element: <p>ほかのページ</p> },
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

describe('leaving a quiz form with unsaved changes', () => {
  it('asks first, and stays or goes as answered', async () => {
    const user = userEvent.setup();
    const router = renderGuarded(() => true);
    await user.click(screen.getByRole('link', { name: 'ほかのページへ' }));
    const ask = await screen.findByRole('alertdialog', { name: '入力内容を破棄しますか？' });
    expect(ask).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '編集を続ける' }));
    expect(router.state.location.pathname).toBe('/');
    await user.click(screen.getByRole('link', { name: 'ほかのページへ' }));
    await user.click(await screen.findByRole('button', { name: '破棄して閉じる' }));
    expect(await screen.findByText('ほかのページ')).toBeTruthy();
  });

  it('lets the page go without asking when nothing changed', async () => {
    renderGuarded(() => false);
    await userEvent.setup().click(screen.getByRole('link', { name: 'ほかのページへ' }));
    expect(await screen.findByText('ほかのページ')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
