import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { LogIn, MailCheck, UserPlus } from 'lucide-react';
import '@shared/zod-ja';
import { emailRequestSchema, loginSchema, registerSchema, ACCOUNT_MESSAGES } from '@shared/accounts';
import type { EmailRequestInput, LoginInput, RegisterInput } from '@shared/accounts';
import { LIMITS } from '@shared/constants';
import { TextField } from '@web/components/ui/text-field';
import { toast } from '@web/components/toast/toast-store';
import { paths } from '@web/config/paths';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { zodResolver } from '@web/lib/zod-resolver';
import { useLogin } from '../api/login';
import { useRequestPasswordReset } from '../api/password-reset';
import { useRegister } from '../api/register';

type Mode = 'login' | 'register' | 'reset';

/**
 * '/login' and '/register': one page that toggles between logging in, registering, and asking for
 * a password reset e-mail.
 */
export function AuthPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>(location.pathname === paths.register ? 'register' : 'login');
  const switchTo = (next: Mode) => {
    setMode(next);
    const path = next === 'register' ? paths.register : paths.login;
    if (location.pathname !== path) void navigate(path, { replace: true });
  };

  const notice = (location.state as { notice?: string } | null)?.notice;
  return (
    <section className="container auth">
      <div className="card auth__card">
        {notice && mode === 'login' && (
          <p className="form-notice" role="status">
            {notice}
          </p>
        )}
        {mode === 'login' && <LoginForm onSwitch={switchTo} />}
        {mode === 'register' && <RegisterForm onSwitch={switchTo} />}
        {mode === 'reset' && <ResetRequestForm onSwitch={switchTo} />}
        <p className="auth__home">
          <Link to={paths.home}>ホームに戻る</Link>
        </p>
      </div>
    </section>
  );
}

function LoginForm({ onSwitch }: { onSwitch: (mode: Mode) => void }) {
  const navigate = useNavigate();
  const login = useLogin();
  const [adminNotice, setAdminNotice] = useState<string | null>(null);
  const [lockNote, setLockNote] = useState(false);
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;
  const missing = errors.username || errors.password;

  const submit = form.handleSubmit((input) =>
    login.mutate(input, {
      onSuccess: (response) => {
        if (response.needsEmailVerification) {
          setAdminNotice(response.message);
          return;
        }
        void navigate(paths.home);
      },
      onError: (error) => {
        const message = errorMessage(error, 'ログインに失敗しました');
        const reason = error instanceof ApiError ? error.reason : undefined;
        if (reason === 'login_locked') {
          setLockNote(true);
          toast({ title: 'ログイン制限', description: message, variant: 'destructive' });
        } else if (reason === 'account_stopped') {
          toast({
            title: 'アカウントが停止中です',
            description: 'このアカウントは管理者により停止されています。',
            variant: 'destructive',
          });
        } else {
          toast({ title: 'ログインに失敗しました', description: message, variant: 'destructive' });
        }
      },
    }),
  );

  if (adminNotice) {
    return (
      <div className="auth__notice" role="status">
        <MailCheck size={40} aria-hidden />
        <h1 className="auth__title">確認メールを送信しました</h1>
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
      <p className="auth__lead">おかえりなさい。ユーザー名とパスワードでログインしてください。</p>
      {missing && (
        <p className="form-alert" role="alert">
          {ACCOUNT_MESSAGES.loginRequired}
        </p>
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

function RegisterForm({ onSwitch }: { onSwitch: (mode: Mode) => void }) {
  const navigate = useNavigate();
  const register = useRegister();
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { username: '', nickname: '', email: '', password: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((input) =>
    register.mutate(input, {
      onSuccess: () => {
        toast({
          title: 'アカウントを作成しました',
          description: 'ようこそ、みんなのクイズへ！',
          variant: 'success',
        });
        void navigate(paths.home);
      },
      onError: (error) =>
        toast({
          title: 'アカウント作成に失敗しました',
          description: errorMessage(error, 'アカウント作成に失敗しました'),
          variant: 'destructive',
        }),
    }),
  );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="register-title">
      <h1 id="register-title" className="auth__title">
        新規登録
      </h1>
      <p className="auth__lead">アカウントを作ると、結果の保存・お気に入り・クイズ作成ができます。</p>
      <TextField
        label="ユーザー名"
        autoComplete="username"
        hint="ログインに使います（3文字以上、あとから変更できません）"
        error={errors.username?.message}
        {...form.register('username')}
      />
      <TextField
        label="ニックネーム"
        autoComplete="nickname"
        hint={`表示名です（${LIMITS.nicknameMaxLength}文字以内）`}
        error={errors.nickname?.message}
        {...form.register('nickname')}
      />
      <TextField
        label="メールアドレス"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <TextField
        label="パスワード"
        type="password"
        autoComplete="new-password"
        hint="8文字以上で、大文字・小文字・数字・記号をそれぞれ1文字以上含めてください"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <button type="submit" className="button button--primary button--block" disabled={register.isPending}>
        <UserPlus size={18} aria-hidden />
        {register.isPending ? '作成中...' : 'アカウントを作成'}
      </button>
      <div className="auth__links">
        <button type="button" className="link-button" onClick={() => onSwitch('login')}>
          すでにアカウントをお持ちの方はログイン
        </button>
        <Link to={paths.emailRegister}>メールアドレスの確認から登録する</Link>
      </div>
    </form>
  );
}

function ResetRequestForm({ onSwitch }: { onSwitch: (mode: Mode) => void }) {
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<EmailRequestInput>({
    resolver: zodResolver(emailRequestSchema),
    defaultValues: { email: '' },
  });
  const submit = form.handleSubmit(({ email }) =>
    request.mutate(email, {
      onSuccess: () => setSentTo(email),
      onError: (error) =>
        toast({
          title: 'エラー',
          description: error instanceof ApiError ? errorMessage(error, error.message) : error.message,
          variant: 'destructive',
        }),
    }),
  );
  if (sentTo) {
    return (
      <div className="auth__notice" role="status">
        <MailCheck size={40} aria-hidden />
        <h1 className="auth__title">メールを確認してください</h1>
        <p>{ACCOUNT_MESSAGES.passwordResetSent}</p>
        <p className="auth__muted">
          {sentTo}{' '}
          にアカウントが登録されていれば、パスワード再設定用のリンクが届きます（有効期限1時間）。届かない場合は迷惑メールフォルダもご確認ください。
        </p>
        <button type="button" className="button button--secondary" onClick={() => onSwitch('login')}>
          ログインに戻る
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="reset-title">
      <h1 id="reset-title" className="auth__title">
        パスワードの変更・再設定
      </h1>
      <p className="auth__lead">
        登録したメールアドレスに、パスワードを再設定するためのリンクをお送りします。
      </p>
      <TextField
        label="メールアドレス"
        type="email"
        autoComplete="email"
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <button type="submit" className="button button--primary button--block" disabled={request.isPending}>
        {request.isPending ? '送信中...' : '再設定メールを送信'}
      </button>
      <div className="auth__links">
        <button type="button" className="link-button" onClick={() => onSwitch('login')}>
          ログインに戻る
        </button>
      </div>
    </form>
  );
}
