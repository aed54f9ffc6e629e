import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { UserPlus } from 'lucide-react';
import '@shared/zod-ja';
import { ACCOUNT_MESSAGES } from '@shared/account-messages';
import { registerSchema, type RegisterInput } from '@shared/accounts';
import { PasswordFields } from '@web/components/password-fields';
import { LIMITS } from '@shared/constants';
import { toastError } from '@web/components/toast/toast-error';
import { dismissToast, toast } from '@web/components/toast/toast-store';
import { TextField } from '@web/components/ui/text-field';
import { paths } from '@web/config/paths';
import { errorMessage } from '@web/lib/api-client';
import { zodResolver } from '@web/lib/zod-resolver';
import { useRegister } from '../api/register';
import { returnPathAfterLogin } from '@web/lib/auth/return-path';
import type { AuthMode } from '../auth-mode';

/** A new account: username, nickname, e-mail, password; signed in and home on success. */
export function RegisterForm({ onSwitch }: { onSwitch: (mode: AuthMode) => void }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const register = useRegister();
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { username: '', nickname: '', email: '', password: '' },
  });
  const { errors } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  // The spec's one sentence for missing fields is said once, above the form, not under each field.
  const missing = Object.values(errors).some((error) => error?.message === ACCOUNT_MESSAGES.registerRequired);
  const fieldError = (message: string | undefined) =>
    message === ACCOUNT_MESSAGES.registerRequired ? undefined : message;
  const invalid = (field: keyof RegisterInput) => (errors[field] ? true : undefined);
  const submit = form.handleSubmit((input) =>
    register.mutate(input, {
      onSuccess: () => {
        dismissToast();
        toast({
          title: 'アカウントを作成しました',
          description: 'ようこそ、みんなのクイズへ！',
          variant: 'success',
        });
        void navigate(returnPathAfterLogin(params, location.state), { replace: true });
      },
      onError: (error) => {
        setFailure(errorMessage(error, 'アカウント作成に失敗しました'));
        toastError(error, 'アカウント作成に失敗しました', 'アカウント作成に失敗しました');
      },
    }),
  );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="register-title">
      <h1 id="register-title" className="auth__title">
        新規登録
      </h1>
      <p className="auth__lead">アカウントを作ると、結果の保存・お気に入り・クイズ作成ができます。</p>
      {(missing || failure) && (
        <p className="form-alert" role="alert">
          {missing ? ACCOUNT_MESSAGES.registerRequired : failure}
        </p>
      )}
      <TextField
        label="ユーザー名"
        autoComplete="username"
        hint="ログインに使います（3文字以上、あとから変更できません）"
        error={fieldError(errors.username?.message)}
        {...form.register('username')}
        aria-invalid={invalid('username')}
      />
      <TextField
        label="ニックネーム"
        autoComplete="nickname"
        hint={`表示名です（${LIMITS.nicknameMaxLength}文字以内）`}
        error={fieldError(errors.nickname?.message)}
        {...form.register('nickname')}
        aria-invalid={invalid('nickname')}
      />
      <TextField
        label="メールアドレス"
        type="email"
        autoComplete="email"
        error={fieldError(errors.email?.message)}
        {...form.register('email')}
        aria-invalid={invalid('email')}
      />
      <PasswordFields
        password={form.register('password')}
        passwordError={fieldError(errors.password?.message)}
        passwordInvalid={invalid('password')}
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
