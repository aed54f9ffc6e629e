import { useState, type FormEvent } from 'react';
import { MULTIPLAYER_MESSAGES, ROOM_LIMITS } from '@shared/multiplayer';
import { Dialog, DialogClose } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { TextField } from '@web/components/ui/text-field';
import type { MultiplayerGame } from '../game-controller';
import type { PasswordPrompt } from '../game-state';

/**
 * The password prompt of a locked room (docs/spec/multiplayer-membership-study.md §2): Enter submits, キャンセル closes; the server's
 * answer to a wrong (or missing) password is shown inside it, not as a toast (docs/spec/multiplayer-membership-study.md §8).
 */
export function PasswordDialog(props: { prompt: PasswordPrompt | null; game: MultiplayerGame }) {
  const { prompt, game } = props;
  return (
    <Dialog
      open={prompt !== null}
      onOpenChange={(open) => {
        if (!open) game.closePassword();
      }}
      title="パスワードを入力"
      description={prompt ? `ルーム ${prompt.roomId} に参加するにはパスワードが必要です。` : undefined}
      closeButton={false}
      size="small"
    >
      {prompt && <PasswordForm key={prompt.roomId} prompt={prompt} game={game} />}
    </Dialog>
  );
}

function PasswordForm({ prompt, game }: { prompt: PasswordPrompt; game: MultiplayerGame }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(MULTIPLAYER_MESSAGES.passwordRequired);
    if (password.length > ROOM_LIMITS.passwordMax) return setError(MULTIPLAYER_MESSAGES.passwordTooLong);
    setError(undefined);
    game.joinRoom(prompt.roomId, password);
  };
  const serverError = prompt.notice?.tone === 'error' ? prompt.notice.text : undefined;
  const note = prompt.notice?.tone === 'info' ? prompt.notice.text : undefined;
  return (
    <form onSubmit={submit} noValidate>
      {note && (
        <p className="mp-password__note" role="status">
          {note}
        </p>
      )}
      <TextField
        label="パスワード"
        type="password"
        autoComplete="off"
        autoFocus
        maxLength={ROOM_LIMITS.passwordMax}
        value={password}
        error={error ?? (prompt.pending ? undefined : serverError)}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className="dialog__actions">
        <DialogClose asChild>
          <button type="button" className="button button--secondary">
            キャンセル
          </button>
        </DialogClose>
        <button type="submit" className="button button--primary" disabled={prompt.pending}>
          {prompt.pending ? (
            <>
              <Spinner inline size={16} /> 確認中...
            </>
          ) : (
            '参加する'
          )}
        </button>
      </div>
    </form>
  );
}
