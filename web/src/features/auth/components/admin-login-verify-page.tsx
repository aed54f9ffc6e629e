import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { StatusCard } from '@web/components/ui/status-card';
import { paths } from '@web/config/paths';
import { useRedirectAfter } from '../use-redirect-after';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { ACCOUNT_MESSAGES } from '@shared/account-messages';
import { verifyAdminToken } from '../api/verify-admin-token';
import { setCurrentUser } from '@web/lib/auth/current-user';
import { usePageTitle } from '@web/lib/page-title';

const REDIRECT_AFTER_MS = 3000;
type State =
  | { kind: 'verifying' }
  | { kind: 'success'; username: string }
  /** `message` is null when the link itself was refused (used, expired or not an administrator's). */
  | { kind: 'failure'; message: string | null }
  | { kind: 'missing' };

/** '/admin-login-verify?token=': completes an administrator's sign-in from the e-mailed link. */
export function AdminLoginVerifyPage() {
  usePageTitle('管理者ログインの確認');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>(token ? { kind: 'verifying' } : { kind: 'missing' });
  const started = useRef(false);

  useEffect(() => {
    // The token works once: verify exactly once even when effects run twice (StrictMode).
    if (!token || started.current) return;
    started.current = true;
    verifyAdminToken(token)
      .then(({ user }) => {
        setCurrentUser(queryClient, user);
        setState({ kind: 'success', username: user.username });
      })
      .catch((error: unknown) =>
        setState({
          kind: 'failure',
          message:
            error instanceof ApiError && error.status === 400
              ? null
              : errorMessage(error, ACCOUNT_MESSAGES.adminTokenInvalid),
        }),
      );
  }, [token, queryClient]);

  // An administrator signs in to moderate: the confirmed link goes on to the admin screen.
  useRedirectAfter(
    state.kind !== 'verifying',
    state.kind === 'success' ? paths.admin : paths.login,
    REDIRECT_AFTER_MS,
  );

  switch (state.kind) {
    case 'missing':
      return (
        <StatusCard tone="error" title="認証トークンが見つかりません。">
          ログインページに移動します。
        </StatusCard>
      );
    case 'verifying':
      return <StatusCard tone="pending" title="管理者ログインを確認しています..." />;
    case 'success':
      return (
        <StatusCard tone="success" title="認証に成功しました">
          {state.username} さん、ようこそ。3秒後に管理画面へ移動します。
        </StatusCard>
      );
    case 'failure':
      return (
        <StatusCard tone="error" title="認証に失敗しました">
          {state.message ?? 'リンクが無効か、有効期限が切れています。'} 3秒後にログインページへ移動します。
        </StatusCard>
      );
  }
}
