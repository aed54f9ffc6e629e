import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '@web/testing/render';
import { TagsTab } from './tags-tab';

afterEach(() => vi.unstubAllGlobals());

/** 25 tags as `GET /api/admin/tags` lists them, most used first. */
const tags = Array.from({ length: 25 }, (_, index) => ({
  id: `t${index}`,
  name: index === 24 ? 'ＪＡＶＡ' : `タグ${index + 1}`,
  color: '#6B7280',
  quizCount: 25 - index,
  isActive: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
}));

const rows = () => within(screen.getByRole('list', { name: 'タグ' })).getAllByRole('form');

describe("the admin screen's tags", () => {
  it('shows ten tags a page with 前へ and 次へ, and finds a tag by part of its name (any case or width)', async () => {
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) =>
      String(input).endsWith('/api/admin/tags') ? json(tags) : json({ message: 'Not Found' }, 404),
    );
    renderWithProviders(<TagsTab />);
    const user = userEvent.setup();
    await screen.findByRole('form', { name: 'タグ「タグ1」' });
    expect(rows()).toHaveLength(10);
    const pager = screen.getByRole('navigation', { name: 'タグのページ' });
    expect(within(pager).getByText('1〜10件目（全25件）')).toBeTruthy();
    expect(within(pager).getByRole<HTMLButtonElement>('button', { name: '前へ' }).disabled).toBe(true);

    await user.click(within(pager).getByRole('button', { name: '次へ' }));
    await user.click(within(pager).getByRole('button', { name: '次へ' }));
    expect(rows().map((row) => row.getAttribute('aria-label'))).toEqual([
      'タグ「タグ21」',
      'タグ「タグ22」',
      'タグ「タグ23」',
      'タグ「タグ24」',
      'タグ「ＪＡＶＡ」',
    ]);
    expect(within(pager).getByText('21〜25件目（全25件）')).toBeTruthy();
    expect(within(pager).getByRole<HTMLButtonElement>('button', { name: '次へ' }).disabled).toBe(true);

    await user.type(screen.getByRole('searchbox', { name: 'タグを絞り込む' }), 'java');
    expect(rows().map((row) => row.getAttribute('aria-label'))).toEqual(['タグ「ＪＡＶＡ」']);
    expect(screen.getByText('1〜1件目（全1件）')).toBeTruthy();
    await user.clear(screen.getByRole('searchbox', { name: 'タグを絞り込む' }));
    await user.type(screen.getByRole('searchbox', { name: 'タグを絞り込む' }), 'ない');
    expect(screen.getByText('「ない」を含むタグはありません。')).toBeTruthy();
  });
});
