import type { MULTIPLAYER_ERROR_REASONS } from '@shared/multiplayer';

/** The stable token a socket error names its cause by (`error.reason`). */
export type RoomErrorReason = (typeof MULTIPLAYER_ERROR_REASONS)[number];

/**
 * A refused room action: its Japanese message and the reason token the client tells it by. A
 * domain error: the socket's handler layer answers it (functions/ws/room-route.ts).
 */
export class RoomError extends Error {
  constructor(
    readonly reason: RoomErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'RoomError';
  }
}

export const roomError = (reason: RoomErrorReason, message: string) => new RoomError(reason, message);

/** Whether `error` is the room refusal for `reason` (a room gone, a seat no longer held...). */
export const isRoomError = (error: unknown, reason: RoomErrorReason) =>
  error instanceof RoomError && error.reason === reason;
