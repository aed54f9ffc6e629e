import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, json, renderWithProviders } from '@web/testing/render';
import { AdminLoginVerifyPage } from './admin-login-verify-page';

afterEach(() => vi.unstubAllGlobals());

const TOKEN_CALL = '/api/auth/verify-admin-token?token=abcdef123456';
const admin = {
  id: 'u-admin',
  username: 'admin',
  nickname: '',
  email: 'admin@example.com',
  isAdmin: true,
  isPro: false,
};

// The E2E journey follows the e-mailed link to where the page moves on (the admin screen); the
// confirmation it shows for 3 s on the way is checked here, where no busy machine can miss it.
describe('AdminLoginVerifyPage', () => {
  it('confirms the sign-in once, welcoming the administrator by name', async () => {
    const { fetchImpl, calls } = fakeFetch({
      [TOKEN_CALL]: () => json({ user: admin, message: 'ok' }),
    });
    vi.stubGlobal('fetch', fetchImpl);
    renderWithProviders(<AdminLoginVerifyPage />, { route: '/admin-login-verify?token=abcdef123456' });
    expect(await screen.findByRole('heading', { name: '認証に成功しました' })).toBeTruthy();
    expect(screen.getByText(/admin さん、ようこそ。3秒後に管理画面へ移動します。/)).toBeTruthy();
    expect(calls.filter((call) => call.url === TOKEN_CALL)).toHaveLength(1);
  });

  it('says a used or expired link did not work', async () => {
    const { fetchImpl } = fakeFetch({
      [TOKEN_CALL]: () => json({ message: 'トークンが無効です' }, 400),
    });
    vi.stubGlobal('fetch', fetchImpl);
    renderWithProviders(<AdminLoginVerifyPage />, { route: '/admin-login-verify?token=abcdef123456' });
    expect(await screen.findByRole('heading', { name: '認証に失敗しました' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('リンクが無効か、有効期限が切れています。');
  });
});
