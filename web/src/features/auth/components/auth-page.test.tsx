import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/toast/toaster';
import { fakeFetch, json, renderWithProviders } from '@web/testing/render';
import { useLocation } from 'react-router-dom';
import { safeReturnPath } from '@web/lib/auth/return-path';
import { queryKeys } from '@web/lib/query-keys';
import { AuthPage } from './auth-page';

function Where() {
  const location = useLocation();
  return <output aria-label="場所">{`${location.pathname}${location.search}`}</output>;
}

afterEach(() => vi.unstubAllGlobals());

const user = {
  id: 'u1',
  username: 'hanako',
  nickname: 'はなこ',
  email: 'h@example.com',
  isAdmin: false,
  isPro: false,
};

function fillLogin() {
  fireEvent.change(screen.getByLabelText('ユーザー名'), { target: { value: 'hanako' } });
  fireEvent.change(screen.getByLabelText('パスワード'), { target: { value: 'secret' } });
  fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));
}

describe('AuthPage', () => {
  it('asks for both fields before calling the server', async () => {
    const { fetchImpl, calls } = fakeFetch({});
    vi.stubGlobal('fetch', fetchImpl);
    renderWithProviders(<AuthPage />, { route: '/login' });
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await screen.findByText('ユーザー名とパスワードを入力してください')).toBeTruthy();
    expect(calls.filter((call) => call.url === '/api/auth/login')).toHaveLength(0);
  });

  it('after login polls the current-user call (at most 5 times, 200 ms apart) until it answers', async () => {
    let meCalls = 0;
    const { fetchImpl } = fakeFetch({
      '/api/auth/login': () => json({ user, needsEmailVerification: false, message: 'ログインしました' }),
      '/api/auth/me': () => (++meCalls < 3 ? json({ message: 'ログインが必要です' }, 401) : json(user)),
    });
    vi.stubGlobal('fetch', fetchImpl);
    const { queryClient } = renderWithProviders(<AuthPage />, { route: '/login' });
    fillLogin();
    await waitFor(() => expect(meCalls).toBe(3));
    expect(queryClient.getQueryData(queryKeys.currentUser)).toEqual(user);
  });

  it('shows the e-mail confirmation notice to administrators instead of logging in', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/api/auth/login': () =>
          json({
            user: null,
            needsEmailVerification: true,
            message: '確認メールを送信しました。メール内のリンクを開いてログインを完了してください。',
          }),
      }).fetchImpl,
    );
    renderWithProviders(<AuthPage />, { route: '/login' });
    fillLogin();
    // One heading and the server's sentence, not the same words twice.
    expect(await screen.findByRole('heading', { name: 'メールを確認してください' })).toBeTruthy();
    expect(screen.getAllByText(/確認メールを送信しました/)).toHaveLength(1);
  });

  it('shows the login-restricted toast and the 10-failure note when the account is locked', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/api/auth/login': () =>
          json(
            {
              message: 'ログイン試行回数が上限に達したため、ログインが一時的にロックされています。',
              reason: 'login_locked',
            },
            429,
          ),
      }).fetchImpl,
    );
    renderWithProviders(
      <>
        <AuthPage />
        <Toaster />
      </>,
      { route: '/login' },
    );
    fillLogin();
    expect((await screen.findAllByText('ログイン制限')).length).toBeGreaterThan(0);
    expect(
      screen.getByText('10回連続でログインに失敗すると、アカウントは一時的にロックされます。'),
    ).toBeTruthy();
  });

  it('turns a suspension answer into the spec message', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/api/auth/login': () =>
          json({ message: 'このアカウントは管理者により停止されています', reason: 'account_stopped' }, 403),
      }).fetchImpl,
    );
    renderWithProviders(
      <>
        <AuthPage />
        <Toaster />
      </>,
      { route: '/login' },
    );
    fillLogin();
    expect(
      (await screen.findAllByText('このアカウントは管理者により停止されています。')).length,
    ).toBeGreaterThan(0);
  });

  it('tells a suspended member until when, and where to appeal', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/api/auth/login': () =>
          json(
            {
              message: 'このアカウントは管理者により停止されています',
              reason: 'account_stopped',
              stoppedUntil: '2026-12-01T01:30:00.000Z',
            },
            403,
          ),
      }).fetchImpl,
    );
    renderWithProviders(<AuthPage />, { route: '/login' });
    fillLogin();
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain('停止は 2026/12/1 10:30 までです。'));
    expect(alert.textContent).toContain('異議がある場合');
    expect(within(alert).getByRole('link', { name: /お問い合わせ/ })).toBeTruthy();
  });

  it('goes back to the page that asked for the login, and only to a page of this site', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/api/auth/login': () => json({ user, needsEmailVerification: false, message: 'ログインしました' }),
        '/api/auth/me': () => json(user),
      }).fetchImpl,
    );
    renderWithProviders(
      <>
        <AuthPage />
        <Where />
      </>,
      { route: '/login?redirect=%2Fmultiplayer%3Froom%3DABC234' },
    );
    fillLogin();
    await waitFor(() => expect(screen.getByLabelText('場所').textContent).toBe('/multiplayer?room=ABC234'));

    for (const unsafe of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      '/\t/evil.example',
      '',
    ])
      expect(safeReturnPath(unsafe)).toBeNull();
    expect(safeReturnPath('/multiplayer?room=ABC234')).toBe('/multiplayer?room=ABC234');
  });

  it('shows a login failure beside the form as well as in a toast, and clears the toast once signed in', async () => {
    let attempts = 0;
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/api/auth/login': () =>
          ++attempts === 1
            ? json({ message: 'ユーザー名またはパスワードが正しくありません' }, 401)
            : json({ user, needsEmailVerification: false, message: 'ログインしました' }),
        '/api/auth/me': () => json(user),
      }).fetchImpl,
    );
    renderWithProviders(
      <>
        <AuthPage />
        <Toaster />
        <Where />
      </>,
      { route: '/login' },
    );
    fillLogin();
    expect((await screen.findAllByText('ログインに失敗しました')).length).toBeGreaterThan(0);
    // Beside the form, and in the toast.
    expect(screen.getAllByText('ユーザー名またはパスワードが正しくありません')).toHaveLength(2);
    expect(screen.getByRole('alert').textContent).toBe('ユーザー名またはパスワードが正しくありません');
    fillLogin();
    await waitFor(() => expect(screen.getByLabelText('場所').textContent).toBe('/'));
    await waitFor(() =>
      expect(screen.queryByText('ユーザー名またはパスワードが正しくありません')).toBeNull(),
    );
  });

  it('comes back to the page the login button was pressed on (router state, the address staying /login)', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/api/auth/login': () => json({ user, needsEmailVerification: false, message: 'ログインしました' }),
        '/api/auth/me': () => json(user),
      }).fetchImpl,
    );
    const { MemoryRouter, Route, Routes } = await import('react-router-dom');
    const { QueryClientProvider } = await import('@tanstack/react-query');
    const { createQueryClient } = await import('@web/lib/query-client');
    const { render } = await import('@testing-library/react');
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[{ pathname: '/login', state: { returnTo: '/quiz/abc?mode=random' } }]}>
          <Routes>
            <Route
              path="*"
              element={
                <>
                  <AuthPage />
                  <Where />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fillLogin();
    await waitFor(() => expect(screen.getByLabelText('場所').textContent).toBe('/quiz/abc?mode=random'));
  });

  it('says the one missing-fields sentence once for an empty registration, not under every field', async () => {
    vi.stubGlobal('fetch', fakeFetch({}).fetchImpl);
    renderWithProviders(<AuthPage />, { route: '/register' });
    fireEvent.click(screen.getByRole('button', { name: 'アカウントを作成' }));
    expect(
      await screen.findAllByText('ユーザー名、ニックネーム、メールアドレス、パスワードを入力してください'),
    ).toHaveLength(1);
    for (const label of ['ユーザー名', 'ニックネーム', 'メールアドレス', 'パスワード'])
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
  });

  it('greets by why the visitor came, never welcoming a newcomer back', async () => {
    vi.stubGlobal('fetch', fakeFetch({}).fetchImpl);
    const first = renderWithProviders(<AuthPage />, { route: '/login?redirect=%2Fmy-quizzes' });
    expect(screen.getByText(/クイズを作るにはログインが必要です/)).toBeTruthy();
    expect(screen.queryByText(/おかえりなさい/)).toBeNull();
    first.unmount();
    renderWithProviders(<AuthPage />, { route: '/login' });
    expect(screen.getByText('ユーザー名とパスワードでログインしてください。')).toBeTruthy();
  });
});
