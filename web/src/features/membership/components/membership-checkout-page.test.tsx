import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMBERSHIP_MESSAGES } from '@shared/membership';
import { Toaster } from '@web/components/toast/toaster';
import { fakeFetch, json, renderWithProviders } from '@web/testing/render';
import { MembershipCheckoutPage } from './membership-checkout-page';

afterEach(() => vi.unstubAllGlobals());

const member = { id: 'u1', username: 'taro', nickname: '', email: null, isAdmin: false, isPro: false };
const free = { isPro: false, status: 'inactive', expiresAt: null, message: MEMBERSHIP_MESSAGES.statusFree };
const active = {
  isPro: true,
  status: 'active',
  expiresAt: '2026-12-25T03:00:00.000Z',
  message: MEMBERSHIP_MESSAGES.statusActive,
};
const paidCheck = (completed: boolean) =>
  json({ payment_status: 'paid', is_pro: completed, upgrade_completed: completed, message: '' });

describe('the membership page', () => {
  it('asks a guest to log in', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ '/api/auth/me': () => json({ message: 'ログインが必要です' }, 401) }).fetchImpl,
    );
    renderWithProviders(<MembershipCheckoutPage />, { route: '/pro-checkout' });
    expect(await screen.findByRole('heading', { name: 'ログインが必要です' })).toBeTruthy();
  });

  it('shows a free member the price, the plans and the upgrade button', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ '/api/auth/me': () => json(member), '/api/user/pro': () => json(free) }).fetchImpl,
    );
    renderWithProviders(<MembershipCheckoutPage />, { route: '/pro-checkout' });
    expect(await screen.findByRole('button', { name: 'アドバンスド会員にアップグレード' })).toBeTruthy();
    expect(screen.getByRole('table').textContent).toContain('1日200回');
    expect(screen.getByText('500円')).toBeTruthy();
  });

  it('shows an active member the renewal date and the cancel button', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/api/auth/me': () => json({ ...member, isPro: true }),
        '/api/user/pro': () => json(active),
      }).fetchImpl,
    );
    renderWithProviders(<MembershipCheckoutPage />, { route: '/pro-checkout' });
    expect(await screen.findByText('2026年12月25日')).toBeTruthy();
    expect(screen.getByRole('button', { name: '定期購入を解約する' })).toBeTruthy();
  });

  it('back from paying: polls the payment, asks for the upgrade once, then shows the success view', async () => {
    let checks = 0;
    const fake = fakeFetch({
      '/api/auth/me': () => json(member),
      '/api/stripe/check-payment/cs_test_abc': () => paidCheck(++checks > 2),
      '/api/user/upgrade-pro': () => json({ ...active, message: MEMBERSHIP_MESSAGES.upgraded }),
      '/api/user/pro': () => json(active),
    });
    vi.stubGlobal('fetch', fake.fetchImpl);
    renderWithProviders(<MembershipCheckoutPage />, {
      route: '/pro-checkout?success=1&session_id=cs_test_abc',
    });
    expect(await screen.findByText('お支払いを確認しています')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'アドバンスド会員へようこそ！' })).toBeTruthy();
    expect(fake.calls.filter((call) => call.url === '/api/user/upgrade-pro')).toHaveLength(1);
    expect(screen.getByRole('link', { name: /ホームに戻る/ })).toBeTruthy();
  });

  it('a refused checkout (409, or 429 past the minute) shows the server message in a toast and keeps the page', async () => {
    const fake = fakeFetch({
      '/api/auth/me': () => json(member),
      '/api/user/pro': () => json(free),
      '/api/stripe/create-checkout-session': () =>
        json({ message: MEMBERSHIP_MESSAGES.paymentCallsTooFast }, 429),
    });
    vi.stubGlobal('fetch', fake.fetchImpl);
    renderWithProviders(
      <>
        <MembershipCheckoutPage />
        <Toaster />
      </>,
      { route: '/pro-checkout' },
    );
    (await screen.findByRole('button', { name: 'アドバンスド会員にアップグレード' })).click();
    expect(await screen.findByText(MEMBERSHIP_MESSAGES.paymentCallsTooFast)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'アドバンスド会員にアップグレード' })).toBeTruthy();
    expect(screen.queryByText('エラーが発生しました')).toBeNull();
  });

  it('back from paying: a poll refused by the per-minute limit (429) is waited out, not an error', async () => {
    let checks = 0;
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/api/auth/me': () => json(member),
        '/api/stripe/check-payment/cs_test_abc': () =>
          ++checks === 1 ? json({ message: MEMBERSHIP_MESSAGES.paymentCallsTooFast }, 429) : paidCheck(true),
        '/api/user/pro': () => json(active),
      }).fetchImpl,
    );
    renderWithProviders(<MembershipCheckoutPage />, {
      route: '/pro-checkout?success=1&session_id=cs_test_abc',
    });
    expect(await screen.findByRole('heading', { name: 'アドバンスド会員へようこそ！' })).toBeTruthy();
    expect(checks).toBe(2);
  });

  it('shows the error view with a way home when the payment is not paid', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/api/auth/me': () => json(member),
        '/api/stripe/check-payment/cs_test_abc': () =>
          json({ payment_status: 'unpaid', is_pro: false, upgrade_completed: false, message: '' }),
      }).fetchImpl,
    );
    renderWithProviders(<MembershipCheckoutPage />, {
      route: '/pro-checkout?success=1&session_id=cs_test_abc',
    });
    expect(await screen.findByText(MEMBERSHIP_MESSAGES.checkFailed)).toBeTruthy();
    expect(screen.getByRole('link', { name: /ホームに戻る/ })).toBeTruthy();
  });

  it('without a session id makes the upgrade call directly, showing the server message when it fails', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/api/auth/me': () => json(member),
        '/api/user/upgrade-pro': () => json({ message: MEMBERSHIP_MESSAGES.notPaid }, 409),
      }).fetchImpl,
    );
    renderWithProviders(<MembershipCheckoutPage />, { route: '/pro-checkout?success=1' });
    expect(await screen.findByText(MEMBERSHIP_MESSAGES.notPaid)).toBeTruthy();
  });

  it('shows the final confirmation beside the purchase button: price with tax, renewal, how to cancel, the terms and the notice', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ '/api/auth/me': () => json(member), '/api/user/pro': () => json(free) }).fetchImpl,
    );
    renderWithProviders(<MembershipCheckoutPage />, { route: '/pro-checkout' });
    await screen.findByRole('button', { name: 'アドバンスド会員にアップグレード' });
    const terms = screen.getByRole('region', { name: 'お申し込み内容の確認' });
    expect(terms.textContent).toContain('月額 500円（税込）');
    expect(terms.textContent).toContain('自動更新');
    expect(terms.textContent).toContain('いつでも解約できます');
    expect(within(terms).getByRole('link', { name: '利用規約' }).getAttribute('href')).toBe('/terms');
    expect(within(terms).getByRole('link', { name: '特定商取引法に基づく表記' }).getAttribute('href')).toBe(
      '/tokutei-shoutorihikihou',
    );
  });

  it('never offers a new checkout while a subscription runs (cancelled but running: resume only)', async () => {
    const cancelled = {
      isPro: true,
      status: 'cancelled_but_active',
      expiresAt: '2026-12-25T03:00:00.000Z',
      message: '解約済みです。2026年12月25日までご利用いただけます。',
    };
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/api/auth/me': () => json({ ...member, isPro: true }),
        '/api/user/pro': () => json(cancelled),
      }).fetchImpl,
    );
    renderWithProviders(<MembershipCheckoutPage />, { route: '/pro-checkout' });
    expect(await screen.findByRole('button', { name: /定期購入を再開する/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新しく申し込む/ })).toBeNull();
  });

  it('says a cancellation once: in the status read again, not also beside it', async () => {
    let cancelled = false;
    const after = {
      isPro: true,
      status: 'cancelled_but_active',
      expiresAt: '2026-12-25T03:00:00.000Z',
      message: '定期購入を解約しました。2026年12月25日までご利用いただけます。',
    };
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/api/auth/me': () => json({ ...member, isPro: true }),
        '/api/user/pro': () => json(cancelled ? after : active),
        '/api/user/cancel-pro': () => {
          cancelled = true;
          return json(after);
        },
      }).fetchImpl,
    );
    renderWithProviders(
      <>
        <MembershipCheckoutPage />
        <Toaster />
      </>,
      { route: '/pro-checkout' },
    );
    fireEvent.click(await screen.findByRole('button', { name: '定期購入を解約する' }));
    fireEvent.click(await screen.findByRole('button', { name: '解約する' }));
    expect(await screen.findByText(after.message)).toBeTruthy();
    await screen.findByText('解約しました');
    expect(screen.getAllByText(after.message)).toHaveLength(1);
  });
});
