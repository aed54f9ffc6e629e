import { useState } from 'react';
import { ACCOUNT_MESSAGES } from '@shared/account-messages';
import { LIMITS } from '@shared/constants';
import type { CurrentUser } from '@shared/users';
import { toastError } from '@web/components/toast/toast-error';
import { toast } from '@web/components/toast/toast-store';
import { TextField } from '@web/components/ui/text-field';
import { useUpdateNickname } from '../api/update-nickname';

/** The nickname (1–20 characters) can change; username and e-mail are shown read-only. */
export function AccountProfileTab({ user }: { user: CurrentUser }) {
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
          onError: (error) => toastError(error, 'ニックネームの変更に失敗しました'),
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
