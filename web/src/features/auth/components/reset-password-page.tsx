import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';
import { KeyRound } from 'lucide-react';
import '@shared/zod-ja';
import { ACCOUNT_MESSAGES } from '@shared/account-messages';
import { resetPasswordSchema, type ResetPasswordInput } from '@shared/accounts';
import { PasswordFields } from '@web/components/password-fields';
import { StatusCard } from '@web/components/ui/status-card';
import { toastError } from '@web/components/toast/toast-error';
import { paths } from '@web/config/paths';
import { useRedirectAfter } from '../use-redirect-after';
import { zodResolver } from '@web/lib/zod-resolver';
import { useResetPassword } from '../api/reset-password';
import '../auth.css';
import { usePageTitle } from '@web/lib/page-title';

const REDIRECT_AFTER_MS = 3000;

/** '/reset-password?token=': choose a new password from the e-mailed link. */
export function ResetPasswordPage() {
  usePageTitle('パスワードの再設定');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  useRedirectAfter(done, paths.login, REDIRECT_AFTER_MS);

  const backToLogin = (
    <Link to={paths.login} className="button button--secondary">
      ログインに戻る
    </Link>
  );
  if (!token)
    return <StatusCard tone="error" title={ACCOUNT_MESSAGES.resetTokenMissing} actions={backToLogin} />;
  if (done) {
    return (
      <StatusCard tone="success" title="パスワードを変更しました">
        新しいパスワードでログインしてください。3秒後にログインページへ移動します。
      </StatusCard>
    );
  }

  const submit = form.handleSubmit((input) =>
    reset.mutate(input, {
      onSuccess: () => setDone(true),
      onError: (error) =>
        toastError(error, 'パスワードリセットに失敗しました', 'パスワードリセットに失敗しました'),
    }),
  );

  return (
    <section className="container auth">
      <form
        className="card auth__card"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-labelledby="reset-password-title"
      >
        <h1 id="reset-password-title" className="auth__title">
          新しいパスワードの設定
        </h1>
        <p className="auth__muted">
          {/* The link's token, shortened to its last characters: enough to tell two mails apart. */}
          メールのリンク（末尾が「{token.slice(-4)}」のもの）から、新しいパスワードを設定します。
        </p>
        {errors.token && (
          <p className="form-alert" role="alert">
            {errors.token.message}
          </p>
        )}
        <PasswordFields
          label="新しいパスワード"
          password={form.register('password')}
          passwordError={errors.password?.message}
          confirmation={form.register('confirmPassword')}
          confirmationError={errors.confirmPassword?.message}
        />
        <button type="submit" className="button button--primary button--block" disabled={reset.isPending}>
          <KeyRound size={18} aria-hidden />
          {reset.isPending ? '変更中...' : 'パスワードを変更'}
        </button>
        <div className="auth__links">{backToLogin}</div>
      </form>
    </section>
  );
}
