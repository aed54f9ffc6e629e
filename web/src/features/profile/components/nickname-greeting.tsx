import { useEffect, useRef, useState } from 'react';
import { Pencil } from 'lucide-react';
import { ACCOUNT_MESSAGES } from '@shared/account-messages';
import { LIMITS } from '@shared/constants';
import { displayName, type CurrentUser } from '@shared/users';
import { toastError } from '@web/components/toast/toast-error';
import { toast } from '@web/components/toast/toast-store';
import { useUpdateNickname } from '../api/update-nickname';

/** こんにちは、… さん, with a pencil that turns the greeting into a nickname form. */
export function NicknameGreeting({ user }: { user: CurrentUser }) {
  const [editing, setEditing] = useState(false);
  const [nickname, setNickname] = useState(user.nickname);
  const update = useUpdateNickname();
  const trimmed = nickname.trim();
  const tooLong = trimmed.length > LIMITS.nicknameMaxLength;
  // The focus follows the switch: into the field when it opens, back to the pencil when it closes
  // (the button or the form that had it is gone).
  const input = useRef<HTMLInputElement>(null);
  const pencil = useRef<HTMLButtonElement>(null);
  const switched = useRef(false);
  useEffect(() => {
    if (!switched.current) return;
    (editing ? input : pencil).current?.focus();
  }, [editing]);
  const edit = (next: boolean) => {
    switched.current = true;
    setEditing(next);
  };
  if (!editing) {
    return (
      <h1 id="profile-title" className="page__title profile__greeting">
        {/* The name and its さん stay on one line when they fit (not 「デモユーザー／さん」). */}
        <span>
          こんにちは、<span className="profile__greeting-name">{displayName(user)} さん</span>
        </span>
        <button
          type="button"
          className="icon-button"
          aria-label="ニックネームを編集"
          ref={pencil}
          onClick={() => edit(true)}
        >
          <Pencil size={18} aria-hidden />
        </button>
      </h1>
    );
  }
  return (
    <form
      className="profile__nickname"
      onSubmit={(event) => {
        event.preventDefault();
        if (!trimmed || tooLong) return;
        update.mutate(trimmed, {
          onSuccess: () => {
            toast({ title: 'ニックネームを変更しました', variant: 'success' });
            edit(false);
          },
          onError: (error) => toastError(error, 'ニックネームの変更に失敗しました'),
        });
      }}
    >
      <h1 id="profile-title" className="visually-hidden">
        マイページ
      </h1>
      <label className="visually-hidden" htmlFor="nickname-inline">
        ニックネーム
      </label>
      <input
        id="nickname-inline"
        ref={input}
        className="field__input"
        aria-invalid={!trimmed || tooLong}
        aria-describedby={!trimmed || tooLong ? 'nickname-inline-error' : undefined}
        value={nickname}
        maxLength={LIMITS.nicknameMaxLength + 10}
        onChange={(event) => setNickname(event.target.value)}
      />
      <button
        type="submit"
        className="button button--primary button--small"
        disabled={!trimmed || trimmed === user.nickname || tooLong || update.isPending}
      >
        保存
      </button>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => {
          setNickname(user.nickname);
          edit(false);
        }}
      >
        キャンセル
      </button>
      {(!trimmed || tooLong) && (
        <p className="field__error" role="alert" id="nickname-inline-error">
          {!trimmed ? ACCOUNT_MESSAGES.nicknameRequired : ACCOUNT_MESSAGES.nicknameMax}
        </p>
      )}
    </form>
  );
}
