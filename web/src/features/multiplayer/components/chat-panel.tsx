import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MessageCircle, Send } from 'lucide-react';
import { MULTIPLAYER_MESSAGES, ROOM_LIMITS } from '@shared/multiplayer';
import type { MultiplayerGame } from '../game-controller';
import type { ChatEntry } from '../game-state';

const timeOf = (timestamp: string) => {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleTimeString('ja-JP', { hour: '2-digit', minute: '2-digit' });
};

/**
 * The room's chat (docs/spec/multiplayer-membership-study.md §2, §5): Enter sends, Shift+Enter breaks the line, and Enter while an IME is
 * composing only confirms the conversion; a message is 1–200 characters after trimming.
 */
export function ChatPanel({ chat, meId, game }: { chat: ChatEntry[]; meId: string; game: MultiplayerGame }) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string>();
  const log = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [chat.length]);

  const send = () => {
    const message = draft.trim();
    if (!message) return setError(MULTIPLAYER_MESSAGES.chatEmpty);
    if (message.length > ROOM_LIMITS.chatMax) return setError(MULTIPLAYER_MESSAGES.chatTooLong);
    setError(undefined);
    if (game.sendChat(message)) setDraft('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // keyCode 229: the IME has the key (Safari ends composition before keydown).
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229)
      return;
    event.preventDefault();
    send();
  };

  return (
    <section className="card mp-card mp-chat" aria-labelledby="mp-chat-title">
      <h2 id="mp-chat-title" className="mp-card__title">
        <MessageCircle size={20} aria-hidden /> チャット
      </h2>
      <div ref={log} className="mp-chat__log" role="log" aria-label="チャットの履歴">
        <ol className="mp-chat__list">
          {chat.length === 0 && (
            <li className="mp-chat__empty">まだメッセージはありません。あいさつしてみましょう！</li>
          )}
          {chat.map((entry) =>
            entry.kind === 'system' ? (
              <li key={entry.id} className="mp-chat__system">
                {entry.text}
              </li>
            ) : (
              <li key={entry.id} className={`mp-chat__message${entry.playerId === meId ? ' is-mine' : ''}`}>
                <span className="mp-chat__meta">
                  <span className="mp-chat__name">{entry.nickname}</span>
                  <time dateTime={entry.timestamp}>{timeOf(entry.timestamp)}</time>
                </span>
                <span className="mp-chat__text">{entry.text}</span>
              </li>
            ),
          )}
        </ol>
      </div>
      <form className="mp-chat__form" onSubmit={submit} noValidate>
        <label htmlFor="mp-chat-input" className="visually-hidden">
          メッセージ
        </label>
        <textarea
          id="mp-chat-input"
          className="field__input mp-chat__input"
          rows={2}
          maxLength={ROOM_LIMITS.chatMax}
          placeholder="メッセージを入力（Enterで送信・Shift+Enterで改行）"
          value={draft}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'mp-chat-error' : 'mp-chat-count'}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(undefined);
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="button button--primary mp-chat__send" aria-label="送信">
          <Send size={18} aria-hidden />
        </button>
      </form>
      <div className="mp-chat__footer">
        {error ? (
          <p id="mp-chat-error" className="field__error" role="alert">
            {error}
          </p>
        ) : (
          <span />
        )}
        <span id="mp-chat-count" className="mp-chat__count">
          {draft.length}/{ROOM_LIMITS.chatMax}
        </span>
      </div>
    </section>
  );
}
