import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { LogIn, MailCheck } from 'lucide-react';
import '@shared/zod-ja';
import { ACCOUNT_MESSAGES } from '@shared/account-messages';
import { loginSchema, type LoginInput } from '@shared/accounts';
import { toastError } from '@web/components/toast/toast-error';
import { dismissToast } from '@web/components/toast/toast-store';
import { TextField } from '@web/components/ui/text-field';
import { paths } from '@web/config/paths';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { zodResolver } from '@web/lib/zod-resolver';
import { formatDateTime } from '@web/lib/format-date';
import { ContactLink } from '@web/components/contact-link';
import { useLogin } from '../api/login';
import { returnPathAfterLogin } from '@web/lib/auth/return-path';
import type { AuthMode } from '../auth-mode';

/**
 * The line under the title, by why the visitor is here: a guest sent from 「クイズを作る」 is most
 * likely new (a returning member would not be greeted 「おかえりなさい」), one sent from a members'
 * page is told why, and anyone else is simply asked to sign in.
 */
function loginLead(returnPath: string): string {
  if (returnPath.startsWith(paths.myQuizzes))
    return 'クイズを作るにはログインが必要です。アカウントをお持ちでない方は、無料の新規登録からどうぞ。';
  if (returnPath !== paths.home) return '続けるにはログインしてください。';
  return 'ユーザー名とパスワードでログインしてください。';
}

/** Until when a stopped account stays stopped, and where to appeal (the guidelines' contact). */
function StoppedAccountNote({ until }: { until: string | null }) {
  return (
    <p>
      {until ? `停止は ${formatDateTime(until)} までです。` : 'この停止に期限はありません。'}
      心当たりがない場合や異議がある場合は、
      <ContactLink />
      からご連絡ください（<Link to={paths.guidelines}>コンテンツガイドライン</Link>
      の「措置に異議がある場合」もご覧ください）。
    </p>
  );
}

/**
 * Username and password. An administrator is sent a sign-in link instead of being signed in; a
 * locked or stopped account is told so.
 */
export function LoginForm({ onSwitch }: { onSwitch: (mode: AuthMode) => void }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const login = useLogin();
  const [adminNotice, setAdminNotice] = useState<string | null>(null);
  const [lockNote, setLockNote] = useState(false);
  /** The last failure, shown beside the form as well as in the toast. */
  const [failure, setFailure] = useState<string | null>(null);
  /** A stopped account: when the suspension ends (null: a ban); undefined for any other failure. */
  const [stoppedUntil, setStoppedUntil] = useState<string | null | undefined>(undefined);
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;
  // Left empty: the spec's one sentence for both; too long: that field's own message.
  const fieldError = errors.username ?? errors.password;
  const formError =
    errors.username?.message === ACCOUNT_MESSAGES.usernameRequired ||
    errors.password?.message === ACCOUNT_MESSAGES.passwordRequired
      ? ACCOUNT_MESSAGES.loginRequired
      : fieldError?.message;

  const submit = form.handleSubmit((input) =>
    login.mutate(input, {
      onSuccess: (response) => {
        // A failure shown before this attempt is no longer true.
        dismissToast();
        setFailure(null);
        setStoppedUntil(undefined);
        if (response.needsEmailVerification) {
          setAdminNotice(response.message);
          return;
        }
        // Back where the guest was (a members-only page, a room link, the quiz they played), else home.
        void navigate(returnPathAfterLogin(params, location.state), { replace: true });
      },
      onError: (error) => {
        const reason = error instanceof ApiError ? error.reason : undefined;
        if (reason === 'login_locked') {
          setLockNote(true);
          setFailure(errorMessage(error, 'ログインに失敗しました'));
          toastError(error, 'ログインに失敗しました', 'ログイン制限');
        } else if (reason === 'account_stopped') {
          setFailure('このアカウントは管理者により停止されています。');
          setStoppedUntil((error as ApiError).stoppedUntil ?? null);
          toastError(null, 'このアカウントは管理者により停止されています。', 'アカウントが停止中です');
        } else {
          setFailure(errorMessage(error, 'ログインに失敗しました'));
          toastError(error, 'ログインに失敗しました', 'ログインに失敗しました');
        }
      },
    }),
  );

  if (adminNotice) {
    return (
      <div className="auth__notice" role="status">
        <MailCheck size={40} aria-hidden />
        <h1 className="auth__title">メールを確認してください</h1>
        <p>{adminNotice}</p>
        <p className="auth__muted">リンクの有効期限は15分です。</p>
      </div>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="login-title">
      <h1 id="login-title" className="auth__title">
        ログイン
      </h1>
      <p className="auth__lead">{loginLead(returnPathAfterLogin(params, location.state))}</p>
      {formError ? (
        <p className="form-alert" role="alert">
          {formError}
        </p>
      ) : (
        failure && (
          <div className="form-alert" role="alert">
            <p>{failure}</p>
            {stoppedUntil !== undefined && <StoppedAccountNote until={stoppedUntil} />}
          </div>
        )
      )}
      <TextField
        label="ユーザー名"
        autoComplete="username"
        {...form.register('username')}
        aria-invalid={errors.username ? true : undefined}
      />
      <TextField
        label="パスワード"
        type="password"
        autoComplete="current-password"
        {...form.register('password')}
        aria-invalid={errors.password ? true : undefined}
      />
      {lockNote && (
        <p className="auth__muted">10回連続でログインに失敗すると、アカウントは一時的にロックされます。</p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={login.isPending}>
        <LogIn size={18} aria-hidden />
        {login.isPending ? 'ログイン中...' : 'ログイン'}
      </button>
      <div className="auth__links">
        <button type="button" className="link-button" onClick={() => onSwitch('register')}>
          アカウントをお持ちでない方は新規登録
        </button>
        <button type="button" className="link-button" onClick={() => onSwitch('reset')}>
          パスワードをお忘れの方
        </button>
        <Link to={paths.emailRegister}>メールアドレスで登録する</Link>
      </div>
    </form>
  );
}
