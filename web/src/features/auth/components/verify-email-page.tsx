import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import '@shared/zod-ja';
import { verifyEmailSchema, type VerifyEmailInput } from '@shared/accounts';
import { PasswordFields } from '@web/components/password-fields';
import { StatusCard } from '@web/components/ui/status-card';
import { TextField } from '@web/components/ui/text-field';
import { toastError } from '@web/components/toast/toast-error';
import { paths } from '@web/config/paths';
import { useRedirectAfter } from '../use-redirect-after';
import { errorMessage } from '@web/lib/api-client';
import { zodResolver } from '@web/lib/zod-resolver';
import { verifyRegistrationToken } from '../api/verify-registration-token';
import { useVerifyEmail } from '../api/verify-email';
import '../auth.css';
import { usePageTitle } from '@web/lib/page-title';
import { queryKeys } from '@web/lib/query-keys';

const REDIRECT_AFTER_MS = 2000;

/** '/verify-email?token=': the second step of e-mail registration. */
export function VerifyEmailPage() {
  usePageTitle('アカウント登録');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = useQuery({
    queryKey: queryKeys.registrationToken(token),
    queryFn: () => verifyRegistrationToken(token),
    enabled: Boolean(token),
  });
  const verify = useVerifyEmail();
  const [done, setDone] = useState(false);
  const form = useForm<VerifyEmailInput>({
    resolver: zodResolver(verifyEmailSchema),
    defaultValues: { token, username: '', nickname: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  useRedirectAfter(done, paths.home, REDIRECT_AFTER_MS);

  const home = (
    <Link to={paths.home} className="button button--primary">
      ホームに戻る
    </Link>
  );
  if (!token)
    return (
      <StatusCard tone="error" title="トークンが見つかりません" actions={home}>
        URL をもう一度ご確認ください。
      </StatusCard>
    );
  if (check.isPending) return <StatusCard tone="pending" title="確認しています..." />;
  if (check.isError) {
    return (
      <StatusCard tone="error" title="トークンの検証に失敗しました" actions={home}>
        {errorMessage(check.error, 'リンクが無効か、有効期限が切れています')}
      </StatusCard>
    );
  }
  if (done)
    return (
      <StatusCard tone="success" title="登録が完了しました">
        まもなくホームに移動します。
      </StatusCard>
    );

  const submit = form.handleSubmit((input) =>
    verify.mutate(input, {
      onSuccess: () => setDone(true),
      onError: (error) => toastError(error, 'ユーザー登録に失敗しました', 'ユーザー登録に失敗しました'),
    }),
  );

  return (
    <section className="container auth">
      <form
        className="card auth__card"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-labelledby="verify-title"
      >
        <h1 id="verify-title" className="auth__title">
          アカウント情報の登録
        </h1>
        <p className="auth__lead">
          メールアドレス <strong>{check.data.email}</strong>{' '}
          の確認ができました。ユーザー名とパスワードを設定してください。
        </p>
        <TextField
          label="ユーザー名"
          autoComplete="username"
          hint="3文字以上。あとから変更できません"
          error={errors.username?.message}
          {...form.register('username')}
        />
        <TextField
          label="ニックネーム"
          autoComplete="nickname"
          error={errors.nickname?.message}
          {...form.register('nickname')}
        />
        <PasswordFields
          placeholder="6文字以上"
          password={form.register('password')}
          passwordError={errors.password?.message}
          confirmation={form.register('confirmPassword')}
          confirmationError={errors.confirmPassword?.message}
        />
        {errors.token && (
          <p className="form-alert" role="alert">
            {errors.token.message}
          </p>
        )}
        <button type="submit" className="button button--primary button--block" disabled={verify.isPending}>
          {verify.isPending ? '登録中...' : '登録する'}
        </button>
      </form>
    </section>
  );
}
