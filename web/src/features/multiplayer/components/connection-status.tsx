import { RefreshCw, Wifi, WifiOff } from 'lucide-react';
import { MULTIPLAYER_MESSAGES } from '@shared/multiplayer';
import { Spinner } from '@web/components/ui/spinner';
import type { ConnectionStatus } from '../connection';
import type { MultiplayerGame } from '../game-controller';

/** The lobby's connection state: 接続中, オンライン, or not connected with a 再接続 button. */
export function ConnectionPill({
  connection,
  game,
}: {
  connection: ConnectionStatus;
  game: MultiplayerGame;
}) {
  return (
    <div className={`mp-connection mp-connection--${connection}`} role="status">
      {connection === 'open' ? (
        <>
          <Wifi size={16} aria-hidden /> オンライン
        </>
      ) : connection === 'closed' ? (
        <>
          <WifiOff size={16} aria-hidden /> {MULTIPLAYER_MESSAGES.notConnected}
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => game.reconnect()}
          >
            <RefreshCw size={14} aria-hidden /> 再接続
          </button>
        </>
      ) : (
        <>
          <Spinner inline size={16} /> 接続中...
        </>
      )}
    </div>
  );
}

/** In a room or a game: says the socket dropped and that it is coming back (or offers 再接続). */
export function ConnectionBanner({
  connection,
  game,
}: {
  connection: ConnectionStatus;
  game: MultiplayerGame;
}) {
  if (connection === 'open' || connection === 'connecting') return null;
  return (
    <div className={`mp-banner mp-banner--${connection}`} role="status">
      {connection === 'reconnecting' ? (
        <>
          <Spinner inline size={16} /> 接続が切れました。再接続しています...
        </>
      ) : (
        <>
          <WifiOff size={16} aria-hidden /> {MULTIPLAYER_MESSAGES.notConnected}
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => game.reconnect()}
          >
            <RefreshCw size={14} aria-hidden /> 再接続
          </button>
        </>
      )}
    </div>
  );
}
