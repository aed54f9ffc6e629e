import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shared/account-messages';
import { PASSWORD_RULE_HINT } from '@shared/accounts';
import { fakeFetch, json, renderWithProviders } from '@web/testing/render';
import { ResetPasswordPage } from './reset-password-page';

afterEach(() => vi.unstubAllGlobals());

function choose(password: string) {
  fireEvent.change(screen.getByLabelText('新しいパスワード'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('新しいパスワード（確認）'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'パスワードを変更' }));
}

describe('ResetPasswordPage', () => {
  it('asks for what registration asks, with its messages, before calling the server', async () => {
    const { fetchImpl, calls } = fakeFetch({});
    vi.stubGlobal('fetch', fetchImpl);
    renderWithProviders(<ResetPasswordPage />, { route: '/reset-password?token=abcdef123456' });
    choose('abcdef');
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordMin)).toBeTruthy();
    expect(screen.getByText(PASSWORD_RULE_HINT)).toBeTruthy();
    choose('abcdefgh1#');
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordUpper)).toBeTruthy();
    expect(calls.filter((call) => call.url === '/api/auth/reset-password')).toHaveLength(0);
  });

  it('sends a password that registration would take', async () => {
    const { fetchImpl, calls } = fakeFetch({
      '/api/auth/reset-password': () => json({ message: ACCOUNT_MESSAGES.passwordResetDone }),
    });
    vi.stubGlobal('fetch', fetchImpl);
    renderWithProviders(<ResetPasswordPage />, { route: '/reset-password?token=abcdef123456' });
    choose('Reset#2026pass');
    expect(await screen.findByText('パスワードを変更しました')).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((call) => call.url === '/api/auth/reset-password')).toHaveLength(1),
    );
  });
});
