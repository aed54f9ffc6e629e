import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { MailCheck } from 'lucide-react';
import '@shared/zod-ja';
import { ACCOUNT_MESSAGES } from '@shared/account-messages';
import { emailRequestSchema, type EmailRequestInput } from '@shared/accounts';
import { toastError } from '@web/components/toast/toast-error';
import { TextField } from '@web/components/ui/text-field';
import { zodResolver } from '@web/lib/zod-resolver';
import { useRequestPasswordReset } from '@web/lib/auth/request-password-reset';
import type { AuthMode } from '../auth-mode';

/** A password reset e-mail; the answer is the same whether or not the address has an account. */
export function ResetRequestForm({ onSwitch }: { onSwitch: (mode: AuthMode) => void }) {
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<EmailRequestInput>({
    resolver: zodResolver(emailRequestSchema),
    defaultValues: { email: '' },
  });
  const submit = form.handleSubmit(({ email }) =>
    request.mutate(email, {
      onSuccess: () => setSentTo(email),
      // The request's own error carries the message (a 5xx answer's, or the generic one).
      onError: (error) => toastError(error, error.message),
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
