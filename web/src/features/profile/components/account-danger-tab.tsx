import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Trash2 } from 'lucide-react';
import { ACCOUNT_MESSAGES } from '@shared/account-messages';
import { toastError } from '@web/components/toast/toast-error';
import { toast } from '@web/components/toast/toast-store';
import { TextField } from '@web/components/ui/text-field';
import { paths } from '@web/config/paths';
import { ApiError } from '@web/lib/api-client';
import { useDeleteAccount } from '../api/delete-account';

/** Deleting the account, confirmed with the password; then home. */
export function AccountDangerTab({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  return (
    <form
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (!password) return;
        remove.mutate(password, {
          onSuccess: () => {
            onDone();
            toast({
              title: 'アカウントを削除しました',
              description: 'ご利用ありがとうございました。',
              variant: 'success',
            });
            void navigate(paths.home);
          },
          onError: (error) => {
            const fallback =
              error instanceof ApiError && error.status >= 500
                ? `サーバーエラーが発生しました (${error.status})`
                : 'アカウント削除に失敗しました';
            toastError(error, fallback);
          },
        });
      }}
    >
      <div className="danger-box">
        <h3 className="setting__title">アカウントの削除</h3>
        <p className="setting__text">この操作は取り消せません。次のデータがすべて削除されます。</p>
        <ul className="danger-box__list">
          <li>アカウント情報</li>
          <li>作成したクイズ</li>
          <li>受験記録</li>
          <li>お気に入り</li>
        </ul>
      </div>
      <TextField
        label="パスワード（確認のため）"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={touched && !password ? ACCOUNT_MESSAGES.passwordRequired : undefined}
      />
      <button type="submit" className="button button--danger" disabled={remove.isPending}>
        <Trash2 size={16} aria-hidden />
        {remove.isPending ? '削除中...' : 'アカウントを削除する'}
      </button>
    </form>
  );
}
