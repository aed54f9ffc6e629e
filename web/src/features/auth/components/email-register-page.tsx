import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Mail } from 'lucide-react';
import '@shared/zod-ja';
import { emailRequestSchema, type EmailRequestInput } from '@shared/accounts';
import { StatusCard } from '@web/components/ui/status-card';
import { TextField } from '@web/components/ui/text-field';
import { toastError } from '@web/components/toast/toast-error';
import { paths } from '@web/config/paths';
import { zodResolver } from '@web/lib/zod-resolver';
import { useEmailRegister } from '../api/email-register';
import '../auth.css';
import { usePageTitle } from '@web/lib/page-title';

/** '/email-register': registration that starts by confirming the e-mail address. */
export function EmailRegisterPage() {
  usePageTitle('メールアドレスで登録');
  const emailRegister = useEmailRegister();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<EmailRequestInput>({
    resolver: zodResolver(emailRequestSchema),
    defaultValues: { email: '' },
  });
  const submit = form.handleSubmit(({ email }) =>
    emailRegister.mutate(email, {
      onSuccess: () => setSentTo(email),
      onError: (error) => toastError(error, 'メール送信に失敗しました'),
    }),
  );

  if (sentTo) {
    return (
      <StatusCard
        tone="mail"
        title="確認メールを送信しました"
        actions={
          <Link to={paths.home} className="button button--primary">
            ホームに戻る
          </Link>
        }
      >
        <p>
          <strong>{sentTo}</strong>{' '}
          宛てに確認メールを送信しました。メール内のリンクを開いて、登録を続けてください。
        </p>
        <ul className="status-card__list">
          <li>メールが届かない場合は、迷惑メールフォルダもご確認ください。</li>
          <li>リンクの有効期限は24時間です。</li>
        </ul>
      </StatusCard>
    );
  }

  return (
    <section className="container auth">
      <form
        className="card auth__card"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-labelledby="email-register-title"
      >
        <h1 id="email-register-title" className="auth__title">
          メールアドレスで登録
        </h1>
        <p className="auth__lead">
          メールアドレスを入力してください。登録を続けるためのリンクをお送りします。
        </p>
        <TextField
          label="メールアドレス"
          type="email"
          autoComplete="email"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={emailRegister.isPending}
        >
          <Mail size={18} aria-hidden />
          {emailRegister.isPending ? '送信中...' : '確認メールを送信'}
        </button>
        <div className="auth__links">
          <Link to={paths.login}>ログインはこちら</Link>
          <Link to={paths.home}>ホームに戻る</Link>
        </div>
      </form>
    </section>
  );
}
