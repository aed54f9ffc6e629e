import {
  ROOM_LIMITS,
  serverMessageSchema,
  type ClientMessage,
  type ServerMessage,
} from '@shared/multiplayer';
import { ReconnectingSocket, sameOriginSocketUrl, type SocketStatus } from '@web/lib/reconnecting-socket';

/**
 * `open`: the socket is up (joining and creating are allowed); `reconnecting`: it dropped and a
 * new one is on its way; `closed`: given up (the page offers 再接続).
 */
export type ConnectionStatus = SocketStatus;

/** What the client sends: the protocol's messages, and the ping that measures the clock offset. */
export type OutgoingMessage = ClientMessage | { type: 'ping'; sentAt: number };

export interface ConnectionListener {
  message: (message: ServerMessage, receivedAt: number) => void;
  status: (status: ConnectionStatus) => void;
}

/**
 * Tries after an abnormal close: the spec's one reconnect after 2 s (docs/spec/multiplayer-membership-study.md §4, §9), then two more, each
 * waiting twice as long, so a short outage is ridden out and a refused socket is not hammered.
 * The wait is for a live socket that dropped: the page's first socket that fails before it opened
 * is tried again at once (a reload must not wait out a back-off meant for a dropped connection).
 */
export const RECONNECT_TRIES = 3;

/** Same origin `/ws`, `wss:` under https (docs/spec/multiplayer-membership-study.md §7). */
export const socketUrl = sameOriginSocketUrl;

/**
 * The game's WebSocket (web/src/lib/reconnecting-socket.ts): sends `auth` on open — taking back the
 * member's seat unless `rejoin` says another tab took it over — and reconnects after an abnormal close.
 */
export function multiplayerConnection(
  listener: ConnectionListener,
  rejoin: () => boolean,
  url?: () => string,
): ReconnectingSocket<ServerMessage, OutgoingMessage> {
  return new ReconnectingSocket<ServerMessage, OutgoingMessage>({
    schema: serverMessageSchema,
    tries: RECONNECT_TRIES,
    retryDelayMs: (retry) => ROOM_LIMITS.reconnectAfterMs * 2 ** (retry - 1),
    retryFirstAtOnce: true,
    greeting: () => (rejoin() ? { type: 'auth' } : { type: 'auth', rejoin: false }),
    message: listener.message,
    status: listener.status,
    ...(url ? { url } : {}),
  });
}
