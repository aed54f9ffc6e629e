import { Check, Crown, WifiOff } from 'lucide-react';
import type { Room } from '@shared/multiplayer';
import { PlayerAvatar } from './game-parts';

/** The players tab: each seat with host, ready and connection marks, and the free seats. */
export function PlayersPanel({ room, meId }: { room: Room; meId: string }) {
  const free = Math.max(0, room.settings.maxPlayers - room.players.length);
  return (
    <ul className="mp-players" aria-label={`プレイヤー ${room.players.length}/${room.settings.maxPlayers}人`}>
      {room.players.map((player) => (
        <li
          key={player.id}
          className={`mp-player${player.isReady ? ' is-ready' : ''}${player.connected ? '' : ' is-away'}`}
        >
          <PlayerAvatar id={player.id} nickname={player.nickname} />
          <span className="mp-player__name">
            {player.nickname}
            {player.id === meId && <span className="mp-player__me">（あなた）</span>}
          </span>
          <span className="mp-player__marks">
            {player.isHost && (
              <span className="mp-badge mp-badge--host">
                <Crown size={12} aria-hidden /> ホスト
              </span>
            )}
            {!player.connected && (
              <span className="mp-badge mp-badge--away">
                <WifiOff size={12} aria-hidden /> 再接続待ち
              </span>
            )}
            {player.isReady ? (
              <span className="mp-badge mp-badge--ready">
                <Check size={12} aria-hidden /> 準備完了
              </span>
            ) : (
              <span className="mp-badge mp-badge--idle">準備中</span>
            )}
          </span>
        </li>
      ))}
      {Array.from({ length: free }, (_, seat) => (
        <li key={`free-${seat}`} className="mp-player mp-player--free" aria-hidden>
          <span className="mp-avatar mp-avatar--free" />
          <span className="mp-player__name">空き</span>
        </li>
      ))}
    </ul>
  );
}
