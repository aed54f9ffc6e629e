import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@web/lib/query-keys';
import { fakeFetch, json, renderWithProviders } from '@web/testing/render';
import { dashboard, days, member, stubChartBox, TODAY } from '../testing/learning-records';
import { LearningPage } from './learning-page';

beforeEach(() => stubChartBox());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const answers = (overrides: Record<string, () => Response> = {}) =>
  fakeFetch({
    '/api/auth/me': () => json(member),
    '/api/learning/dashboard': () => json(dashboard),
    '/api/learning/daily-stats?from=2026-10-28&to=2026-11-26': () => json({ days }),
    '/api/review/queue': () =>
      json({
        dueToday: 2,
        items: [
          {
            questionId: 'q1',
            quizId: 'quiz-1',
            quizTitle: '日本の歴史',
            category: '歴史',
            nextReviewDate: TODAY,
            reviewCount: 0,
          },
        ],
      }),
    [`/api/todos?date=${TODAY}`]: () => json({ date: TODAY, todos: [] }),
    '/api/study-plans': () => json({ plans: [] }),
    '/api/review/session': () => json({ questions: [] }),
    ...overrides,
  });

describe('the learning page', () => {
  it('puts every panel on the page from the dashboard, the 30 days, the queue, the to-dos and the plans', async () => {
    const { fetchImpl, calls } = answers();
    vi.stubGlobal('fetch', fetchImpl);
    renderWithProviders(<LearningPage />, { route: '/learning' });
    expect(await screen.findByRole('heading', { level: 1, name: '学習記録' })).toBeTruthy();
    expect(document.title).toBe('学習記録 | みんなのクイズ');
    for (const name of [
      '今日の学習',
      '学習プラン',
      '学習カレンダー',
      'カテゴリ別の正答率',
      '正答率の推移（30日間）',
      '苦手な分野',
      '今日のやること',
    ])
      expect(await screen.findByRole('region', { name })).toBeTruthy();
    expect(await screen.findByText(/30日間のうち2日学習し/)).toBeTruthy();
    // The weakness's category has mistakes due: it leads to the review too.
    const weaknesses = screen.getByRole('region', { name: '苦手な分野' });
    expect(await within(weaknesses).findByRole('button', { name: '歴史の間違えた問題を復習' })).toBeTruthy();
    expect(calls.map((call) => call.url)).toContain(
      '/api/learning/daily-stats?from=2026-10-28&to=2026-11-26',
    );
  });

  it('opens the review from the reviews-due button and offers none when nothing is due', async () => {
    vi.stubGlobal('fetch', answers().fetchImpl);
    const user = userEvent.setup();
    const first = renderWithProviders(<LearningPage />, { route: '/learning' });
    await user.click(await screen.findByRole('button', { name: '間違えた問題を復習する（2問）' }));
    expect(await screen.findByRole('dialog', { name: '間違えた問題の復習' })).toBeTruthy();
    first.unmount();

    vi.stubGlobal(
      'fetch',
      answers({ '/api/learning/dashboard': () => json({ ...dashboard, reviewDue: 0 }) }).fetchImpl,
    );
    renderWithProviders(<LearningPage />, { route: '/learning' });
    const none = await screen.findByRole('button', { name: '今日の復習はありません' });
    expect(none.hasAttribute('disabled')).toBe(true);
  });

  it('reviews only the weakness’s category from the weaknesses panel, and everything due from the header', async () => {
    const { fetchImpl, calls } = answers();
    vi.stubGlobal('fetch', fetchImpl);
    const user = userEvent.setup();
    renderWithProviders(<LearningPage />, { route: '/learning' });
    const weaknesses = await screen.findByRole('region', { name: '苦手な分野' });
    await user.click(await within(weaknesses).findByRole('button', { name: '歴史の間違えた問題を復習' }));
    const dialog = await screen.findByRole('dialog', { name: '間違えた問題の復習' });
    expect(within(dialog).getByText('歴史の問題だけを復習します')).toBeTruthy();
    await user.click(await within(dialog).findByRole('button', { name: '閉じる' }));
    await user.click(await screen.findByRole('button', { name: '間違えた問題を復習する（2問）' }));
    await screen.findByRole('dialog', { name: '間違えた問題の復習' });
    await vi.waitFor(() =>
      expect(
        calls.filter((call) => call.url === '/api/review/session').map((call) => call.init?.body),
      ).toEqual([JSON.stringify({ category: '歴史' }), JSON.stringify({})]),
    );
  });

  it('says when the records could not be read, and reads them again on request', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      answers({
        '/api/learning/dashboard': () => (fail ? json({ message: 'エラー' }, 500) : json(dashboard)),
      }).fetchImpl,
    );
    const user = userEvent.setup();
    renderWithProviders(<LearningPage />, { route: '/learning' });
    expect(await screen.findByText('学習記録を読み込めませんでした。')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(await screen.findByRole('region', { name: '今日の学習' })).toBeTruthy();
  });

  it('sends a member whose session ended to the login page, to come back here', async () => {
    vi.stubGlobal(
      'fetch',
      answers({ '/api/learning/dashboard': () => json({ message: 'ログインが必要です' }, 401) }).fetchImpl,
    );
    const { queryClient } = renderWithProviders(<LearningPage />, { route: '/learning' });
    await vi.waitFor(() => expect(queryClient.getQueryData(queryKeys.currentUser)).toBeNull());
  });
});
