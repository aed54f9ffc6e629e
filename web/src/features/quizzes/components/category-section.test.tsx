import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, json, renderWithProviders } from '@web/testing/render';
import { CategorySection } from './category-section';

afterEach(() => vi.unstubAllGlobals());

describe('CategorySection', () => {
  it('lists the categories from the API', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/api/categories': () =>
          json([
            {
              id: 'science',
              name: '科学',
              description: '物理',
              color: '#3B82F6',
              icon: 'flask',
              isActive: true,
            },
            {
              id: 'history',
              name: '歴史',
              description: '',
              color: '#F59E0B',
              icon: 'unknown-icon',
              isActive: true,
            },
          ]),
      }).fetchImpl,
    );
    renderWithProviders(<CategorySection />);
    expect(await screen.findByText('科学')).toBeTruthy();
    expect(screen.getByText('歴史')).toBeTruthy();
    expect(screen.getAllByRole('button', { pressed: false })).toHaveLength(2);
  });

  it('works as a filter: a category toggles on and off', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/api/categories': () =>
          json([
            { id: 'science', name: '科学', description: '', color: '#3B82F6', icon: 'flask', isActive: true },
          ]),
      }).fetchImpl,
    );
    const chosen: string[] = [];
    renderWithProviders(<CategorySection onSelect={(name) => chosen.push(name)} />);
    fireEvent.click(await screen.findByRole('button', { name: /科学/ }));
    expect(chosen).toEqual(['科学']);
  });

  it('shows the spec message on failure and loads again on request', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      fakeFetch({ '/api/categories': () => (fail ? json({ message: 'x' }, 500) : json([])) }).fetchImpl,
    );
    renderWithProviders(<CategorySection />);
    expect((await screen.findByRole('alert')).textContent).toContain('カテゴリの取得に失敗しました');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /再読み込み/ }));
    expect(await screen.findByText('カテゴリはまだありません。')).toBeTruthy();
  });
});
