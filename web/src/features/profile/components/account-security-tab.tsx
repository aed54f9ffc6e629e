import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { KeyRound, LogOut } from 'lucide-react';
import { ACCOUNT_MESSAGES } from '@shared/account-messages';
import type { CurrentUser } from '@shared/users';
import { toastError } from '@web/components/toast/toast-error';
import { toast } from '@web/components/toast/toast-store';
import { Dialog, DialogClose } from '@web/components/ui/dialog';
import { useLogout } from '@web/lib/auth/logout';
import { useRequestPasswordReset } from '@web/lib/auth/request-password-reset';

/** A password-change e-mail (after a confirmation), and logout from this browser. */
export function AccountSecurityTab({
  user,
  logoutTo,
  onDone,
}: {
  user: CurrentUser;
  logoutTo: string;
  onDone: () => void;
}) {
  const navigate = useNavigate();
  const request = useRequestPasswordReset();
  const logout = useLogout();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="stack">
      <section className="setting">
        <h3 className="setting__title">パスワードの変更</h3>
        <p className="setting__text">
          登録メールアドレスに、パスワードを変更するためのリンクをお送りします。
        </p>
        <Dialog
          open={confirming}
          onOpenChange={setConfirming}
          title="パスワード変更メールの送信"
          description={<>{user.email} 宛てに、パスワード変更用のリンクを送信します。</>}
          closeButton={false}
          size="small"
          nested
          trigger={
            <button type="button" className="button button--secondary" disabled={!user.email}>
              <KeyRound size={16} aria-hidden />
              パスワード変更メールを送る
            </button>
          }
        >
          <div className="dialog__actions">
            <DialogClose className="button button--secondary">キャンセル</DialogClose>
            <button
              type="button"
              className="button button--primary"
              disabled={request.isPending || !user.email}
              onClick={() =>
                request.mutate(user.email ?? '', {
                  onSuccess: () => {
                    setConfirming(false);
                    toast({
                      title: 'メールを送信しました',
                      description: ACCOUNT_MESSAGES.passwordResetSent,
                      variant: 'success',
                    });
                  },
                  // The request's own error carries the message (a 5xx answer's, or the generic one).
                  onError: (error) => toastError(error, error.message),
                })
              }
            >
              {request.isPending ? '送信中...' : '送信する'}
            </button>
          </div>
        </Dialog>
      </section>
      <section className="setting">
        <h3 className="setting__title">ログアウト</h3>
        <p className="setting__text">この端末からログアウトします。</p>
        <button
          type="button"
          className="button button--secondary"
          disabled={logout.isPending}
          onClick={() =>
            logout.mutate(undefined, {
              onSuccess: () => {
                onDone();
                void navigate(logoutTo);
              },
              onError: (error) => toastError(error, 'ログアウトに失敗しました'),
            })
          }
        >
          <LogOut size={16} aria-hidden />
          ログアウト
        </button>
      </section>
    </div>
  );
}
