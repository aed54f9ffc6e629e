import { useState, type FormEvent } from 'react';
import { MULTIPLAYER_MESSAGES, type Room } from '@shared/multiplayer';
import type { MultiplayerGame } from '../game-controller';
import { categoryLabel } from './quiz-picker';
import { RoomSettingsFields, type RoomSettingsValues } from './room-settings-fields';

const valuesOf = (room: Room): RoomSettingsValues => ({
  quizId: room.settings.quizId,
  quizTitle: room.settings.quizTitle,
  category: room.settings.category,
  maxPlayers: room.settings.maxPlayers,
  timePerQuestion: room.settings.timePerQuestion,
  randomOrder: room.settings.randomOrder,
});

/** The settings tab: the host edits (a change clears everyone's ready), the others read (docs/spec/multiplayer-membership-study.md §2, §4). */
export function SettingsPanel({
  room,
  isHost,
  game,
}: {
  room: Room;
  isHost: boolean;
  game: MultiplayerGame;
}) {
  if (!isHost) {
    return (
      <div className="mp-settings">
        <dl className="mp-settings__list">
          <div>
            <dt>クイズ</dt>
            <dd>{room.settings.quizTitle}</dd>
          </div>
          <div>
            <dt>カテゴリ</dt>
            <dd>{categoryLabel(room.settings.category)}</dd>
          </div>
          <div>
            <dt>最大人数</dt>
            <dd>{room.settings.maxPlayers}人</dd>
          </div>
          <div>
            <dt>回答時間</dt>
            <dd>{room.settings.timePerQuestion}秒</dd>
          </div>
          <div>
            <dt>出題順</dt>
            <dd>{room.settings.randomOrder ? 'ランダム' : '通常'}</dd>
          </div>
          <div>
            <dt>ホスト</dt>
            <dd>{room.host}</dd>
          </div>
        </dl>
        <p className="mp-settings__note">{MULTIPLAYER_MESSAGES.hostOnlySettings}</p>
      </div>
    );
  }
  // A new snapshot of the settings (ours saved, or anyone's) starts the form again from it.
  return <HostSettingsForm key={JSON.stringify(room.settings)} room={room} game={game} />;
}

function HostSettingsForm({ room, game }: { room: Room; game: MultiplayerGame }) {
  const [values, setValues] = useState(() => valuesOf(room));
  const [quizError, setQuizError] = useState<string>();
  const changed = JSON.stringify(values) !== JSON.stringify(valuesOf(room));
  const fewerSeats = values.maxPlayers < room.players.length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.quizId) return setQuizError(MULTIPLAYER_MESSAGES.quizRequired);
    if (fewerSeats) return;
    game.updateSettings(values);
  };

  return (
    <form className="mp-settings" onSubmit={submit} noValidate>
      <RoomSettingsFields
        values={values}
        quizError={quizError}
        onChange={(next) => {
          setValues(next);
          setQuizError(undefined);
        }}
      />
      {fewerSeats && (
        <p className="field__error" role="alert">
          {MULTIPLAYER_MESSAGES.fewerSeatsThanPlayers}
        </p>
      )}
      <p className="mp-settings__note">設定を変更すると、全員の準備完了が解除されます。</p>
      <button
        type="submit"
        className="button button--primary"
        disabled={!changed || fewerSeats || room.gameState !== 'waiting'}
      >
        設定を保存
      </button>
    </form>
  );
}
