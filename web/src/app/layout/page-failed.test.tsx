import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageFailed } from './page-failed';

afterEach(() => vi.restoreAllMocks());

function Broken(): never {
  throw new URIError('URI malformed');
}

describe('PageFailed', () => {
  it('says a page failed to render, with a way to load it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter(
      [
        { element: <nav>ナビ</nav>, children: [] },
        { path: '/', errorElement: <PageFailed />, Component: Broken },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'ページを表示できませんでした' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '再読み込み' })).toBeTruthy();
  });
});
