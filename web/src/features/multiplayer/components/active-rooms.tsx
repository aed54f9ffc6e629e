import { Crown, DoorOpen, Lock, Users } from 'lucide-react';
import type { ActiveRoom } from '@shared/multiplayer';
import type { ConnectionStatus } from '../connection';
import { useActiveRooms } from '../api/get-active-rooms';

/** Joinable now: waiting, a seat free, and the socket open (docs/spec/multiplayer-membership-study.md §2). */
export const canJoin = (room: ActiveRoom, connection: ConnectionStatus) =>
  room.gameState === 'waiting' && room.playerCount < room.maxPlayers && connection === 'open';

/**
 * The active rooms (docs/spec/multiplayer-membership-study.md §2), refreshed every 5 seconds; a locked room asks for its password first.
 * While a join is under way (`joining`) no other can be started.
 */
export function ActiveRooms(props: {
  connection: ConnectionStatus;
  joining: boolean;
  onJoin: (room: ActiveRoom) => void;
}) {
  const rooms = useActiveRooms(true);
  return (
    <section className="card mp-card mp-rooms" aria-labelledby="mp-rooms-title">
      <div className="mp-card__header">
        <h2 id="mp-rooms-title" className="mp-card__title">
          <DoorOpen size={22} aria-hidden /> 公開中のルーム
        </h2>
        <span className="mp-card__note">5秒ごとに更新</span>
      </div>
      {rooms.isPending ? (
        <div role="status" aria-label="読み込み中" className="mp-rooms__loading">
          <span className="skeleton mp-rooms__skeleton" />
          <span className="skeleton mp-rooms__skeleton" />
        </div>
      ) : rooms.isError && !rooms.data ? (
        <p className="state state--error">ルーム一覧を取得できませんでした</p>
      ) : rooms.data.length === 0 ? (
        <p className="state mp-rooms__empty">
          参加できるルームはまだありません。
          <br />
          ルームを作成して友だちを招待しましょう！
        </p>
      ) : (
        <ul className="mp-rooms__list">
          {rooms.data.map((room) => {
            const waiting = room.gameState === 'waiting';
            const full = room.playerCount >= room.maxPlayers;
            return (
              <li key={room.id} className="room-row">
                <div className="room-row__head">
                  <span className="room-code">{room.id}</span>
                  {room.isLocked && (
                    <Lock size={16} role="img" aria-label="パスワード付き" className="room-row__lock" />
                  )}
                  <span className={`mp-badge ${waiting ? 'mp-badge--waiting' : 'mp-badge--playing'}`}>
                    {waiting ? '待機中' : 'ゲーム中'}
                  </span>
                  {waiting && full && <span className="mp-badge mp-badge--full">満員</span>}
                </div>
                <p className="room-row__quiz">{room.quizTitle}</p>
                <p className="room-row__meta">
                  <span>
                    <Crown size={14} aria-hidden /> <span className="visually-hidden">ホスト</span>
                    {room.host}
                  </span>
                  <span>
                    <Users size={14} aria-hidden /> <span className="visually-hidden">参加人数</span>
                    {room.playerCount}/{room.maxPlayers}
                  </span>
                </p>
                <button
                  type="button"
                  className="button button--primary button--small room-row__join"
                  aria-label={`ルーム ${room.id} に参加`}
                  disabled={props.joining || !canJoin(room, props.connection)}
                  onClick={() => props.onJoin(room)}
                >
                  参加
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
