import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { LogIn } from 'lucide-react';
import { MULTIPLAYER_MESSAGES, ROOM_LIMITS, roomCodeSchema } from '@shared/multiplayer';
import { toast } from '@web/components/toast/toast-store';
import { Spinner } from '@web/components/ui/spinner';
import { TextField } from '@web/components/ui/text-field';
import type { ConnectionStatus } from '../connection';
import type { MultiplayerGame } from '../game-controller';

/** What the code box keeps: upper case, at most 6 characters (docs/spec/multiplayer-membership-study.md §5). */
export const normalizeCode = (code: string) => code.toUpperCase().slice(0, ROOM_LIMITS.codeLength);

/**
 * The join card (docs/spec/multiplayer-membership-study.md §2, §5): the code is upper-cased as typed; an empty code and a socket not yet
 * open are refused with the spec's messages. A join link (`?room=CODE`) fills the code in and
 * joins as soon as the socket is open, once.
 */
export function JoinRoomCard(props: {
  game: MultiplayerGame;
  connection: ConnectionStatus;
  pending: boolean;
  linkedRoom: string | null;
  onLinkUsed: () => void;
}) {
  const { game, connection, linkedRoom, onLinkUsed } = props;
  const [code, setCode] = useState(() => normalizeCode(linkedRoom ?? ''));
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);

  const join = useCallback(
    (value: string) => {
      const parsed = roomCodeSchema.safeParse(value);
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? MULTIPLAYER_MESSAGES.roomCodeInvalid);
        input.current?.focus();
        return;
      }
      setError(undefined);
      if (connection !== 'open') {
        toast({
          title: 'エラー',
          description:
            connection === 'closed' ? MULTIPLAYER_MESSAGES.notConnected : MULTIPLAYER_MESSAGES.connecting,
          variant: 'destructive',
        });
        return;
      }
      game.joinRoom(parsed.data);
    },
    [game, connection],
  );

  const linkUsed = useRef(false);
  useEffect(() => {
    if (!linkedRoom || linkUsed.current || connection !== 'open') return;
    linkUsed.current = true;
    onLinkUsed();
    join(normalizeCode(linkedRoom));
  }, [linkedRoom, connection, onLinkUsed, join]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    join(code);
  };

  return (
    <section className="card mp-card mp-join" aria-labelledby="mp-join-title">
      <h2 id="mp-join-title" className="mp-card__title">
        <LogIn size={22} aria-hidden /> コードで参加
      </h2>
      <form className="mp-join__form" onSubmit={submit} noValidate>
        <TextField
          ref={input}
          label="ルームコード"
          className="field__input mp-join__code"
          placeholder="ABC234"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={ROOM_LIMITS.codeLength}
          value={code}
          error={error}
          onChange={(event) => {
            setCode(normalizeCode(event.target.value));
            setError(undefined);
          }}
        />
        <button type="submit" className="button button--primary button--large" disabled={props.pending}>
          {props.pending ? (
            <>
              <Spinner inline size={18} /> 参加中...
            </>
          ) : (
            '参加する'
          )}
        </button>
      </form>
    </section>
  );
}
