import type { ServerMessage } from '@shared/multiplayer';
import { sendToConnection } from '../connections/connection';
import type { Logger } from '../lib/logger';
import { connectedSeats, type RoomState } from './room';

/**
 * The fan-out: room messages go to the socket of each connected seat through the `@connections`
 * API. A socket found gone is handed to `onGone` (the game keeps its seat for a rejoin); any other
 * failure to send is logged, not thrown: the message's own work is done.
 */

/** A member's socket, as a seat holds it. */
export interface SeatSocket {
  userId: string;
  endpoint: string;
  connectionId: string;
}

/** What to do with a socket found gone. */
export type OnGone = (socket: SeatSocket) => Promise<void>;

/** Sends to one socket; `onGone` when it is found gone. */
export async function deliver(
  socket: SeatSocket,
  message: ServerMessage,
  log: Logger,
  onGone: OnGone,
): Promise<void> {
  let delivered = true;
  try {
    delivered = await sendToConnection(socket.endpoint, socket.connectionId, message);
  } catch (error) {
    log.warn('could not deliver a room message', { error, type: message.type });
  }
  if (!delivered) await onGone(socket);
}

/** Sends a message to every connected member of the room (and nobody else), but `except`. */
export async function sendToRoom(
  room: RoomState,
  message: ServerMessage,
  log: Logger,
  options: { except?: string; onGone: OnGone },
): Promise<void> {
  await Promise.all(
    connectedSeats(room)
      .filter(([userId]) => userId !== options.except)
      .map(([userId, seat]) =>
        deliver(
          { userId, endpoint: seat.endpoint!, connectionId: seat.connectionId! },
          message,
          log,
          options.onGone,
        ),
      ),
  );
}
