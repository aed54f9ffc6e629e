import * as Dialog from '@radix-ui/react-dialog';
import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { KeyRound, LogOut, Trash2, X } from 'lucide-react';
import { ACCOUNT_MESSAGES } from '@shared/accounts';
import { LIMITS } from '@shared/constants';
import type { CurrentUser } from '@shared/users';
import { TextField } from '@web/components/ui/text-field';
import { toast } from '@web/components/toast/toast-store';
import { paths } from '@web/config/paths';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useDeleteAccount, useUpdateNickname } from '../api/account';
import { useLogout } from '../api/logout';
import { useRequestPasswordReset } from '../api/password-reset';

/**
 * Account settings: profile (nickname; username and e-mail read-only), security (password-change
 * e-mail, logout) and danger (account deletion with password confirmation).
 */
export function AccountSettingsDialog(props: {
  user: CurrentUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  logoutTo?: string;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined}>
          <div className="dialog__header">
            <Dialog.Title className="dialog__title">アカウント設定</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="閉じる">
              <X size={20} aria-hidden />
            </Dialog.Close>
          </div>
          <Tabs.Root defaultValue="profile" className="tabs">
            <Tabs.List className="tabs__list" aria-label="設定の種類">
              <Tabs.Trigger value="profile" className="tabs__trigger">
                プロフィール
              </Tabs.Trigger>
              <Tabs.Trigger value="security" className="tabs__trigger">
                セキュリティ
              </Tabs.Trigger>
              <Tabs.Trigger value="danger" className="tabs__trigger">
                危険な操作
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="profile" className="tabs__content">
              <ProfileTab user={props.user} />
            </Tabs.Content>
            <Tabs.Content value="security" className="tabs__content">
              <SecurityTab
                user={props.user}
                logoutTo={props.logoutTo ?? paths.home}
                onDone={() => props.onOpenChange(false)}
              />
            </Tabs.Content>
            <Tabs.Content value="danger" className="tabs__content">
              <DangerTab onDone={() => props.onOpenChange(false)} />
            </Tabs.Content>
          </Tabs.Root>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ProfileTab({ user }: { user: CurrentUser }) {
  const [nickname, setNickname] = useState(user.nickname);
  const update = useUpdateNickname();
  const trimmed = nickname.trim();
  const tooLong = trimmed.length > LIMITS.nicknameMaxLength;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!trimmed || tooLong) return;
        update.mutate(trimmed, {
          onSuccess: () => toast({ title: 'ニックネームを変更しました', variant: 'success' }),
          onError: (error) =>
            toast({
              title: 'エラー',
              description: errorMessage(error, 'ニックネームの変更に失敗しました'),
              variant: 'destructive',
            }),
        });
      }}
    >
      <TextField
        label="ニックネーム"
        value={nickname}
        onChange={(event) => setNickname(event.target.value)}
        maxLength={LIMITS.nicknameMaxLength + 10}
        error={
          !trimmed ? ACCOUNT_MESSAGES.nicknameRequired : tooLong ? ACCOUNT_MESSAGES.nicknameMax : undefined
        }
      />
      <TextField label="ユーザー名" value={user.username} readOnly hint="ユーザー名は変更できません" />
      <TextField
        label="メールアドレス"
        value={user.email ?? '未登録'}
        readOnly
        hint="メールアドレスは変更できません"
      />
      <button
        type="submit"
        className="button button--primary"
        disabled={!trimmed || tooLong || trimmed === user.nickname || update.isPending}
      >
        {update.isPending ? '保存中...' : '保存'}
      </button>
    </form>
  );
}

function SecurityTab({
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
        <Dialog.Root open={confirming} onOpenChange={setConfirming}>
          <Dialog.Trigger className="button button--secondary" disabled={!user.email}>
            <KeyRound size={16} aria-hidden />
            パスワード変更メールを送る
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="dialog__overlay dialog__overlay--nested" />
            <Dialog.Content className="dialog dialog--small">
              <Dialog.Title className="dialog__title">パスワード変更メールの送信</Dialog.Title>
              <Dialog.Description className="setting__text">
                {user.email} 宛てに、パスワード変更用のリンクを送信します。
              </Dialog.Description>
              <div className="dialog__actions">
                <Dialog.Close className="button button--secondary">キャンセル</Dialog.Close>
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
                      onError: (error) =>
                        toast({ title: 'エラー', description: error.message, variant: 'destructive' }),
                    })
                  }
                >
                  {request.isPending ? '送信中...' : '送信する'}
                </button>
              </div>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
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
              onError: (error) =>
                toast({
                  title: 'エラー',
                  description: errorMessage(error, 'ログアウトに失敗しました'),
                  variant: 'destructive',
                }),
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

function DangerTab({ onDone }: { onDone: () => void }) {
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
            toast({ title: 'エラー', description: errorMessage(error, fallback), variant: 'destructive' });
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
