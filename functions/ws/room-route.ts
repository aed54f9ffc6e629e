import type { z } from 'zod';
import { MULTIPLAYER_MESSAGES } from '@shared/socket-protocol';
import { ConditionsFailed, TransactionBusy } from '../data/errors';
import { AppError } from '../lib/errors';
import type { Caller } from '../multiplayer/actions';
import { RoomError, type RoomErrorReason } from '../multiplayer/errors';
import type { WebSocketRouteKey } from '../routes';
import { webSocketHandler } from './handler';

/** The HTTP-like status each refusal stands for (logs; the socket sends `{message, reason}`). */
const STATUS: Record<RoomErrorReason, number> = {
  password_required: 401,
  wrong_password: 403,
  room_full: 409,
  in_game: 409,
  not_found: 404,
  not_host: 403,
  invalid: 400,
  not_in_room: 409,
  too_late: 409,
  already_answered: 409,
  rate_limited: 429,
  busy: 409,
};

/** A room's refusal as the socket handler answers it: its message and reason, its status logged. */
export const toSocketError = (error: RoomError) =>
  new AppError(STATUS[error.reason], error.message, error.reason, { cause: error });

/**
 * A socket route that runs a room action (functions/multiplayer/actions.ts) for its caller: the
 * handler layer of the rooms, where a `RoomError` of the domain becomes the socket's error answer.
 */
export function roomRoute<S extends z.ZodType>(options: {
  routeKey: WebSocketRouteKey;
  message: S;
  action: (caller: Caller, message: z.output<S>) => Promise<void>;
}) {
  return webSocketHandler({
    routeKey: options.routeKey,
    message: options.message,
    handle: ({ message, ...caller }) => runRoomAction(options.action, caller, message),
  });
}

/**
 * Runs a room action for a member's socket, its `RoomError` turned into the socket's error answer;
 * a write the domain did not map that kept conflicting is `busy` (trying again may succeed).
 */
export async function runRoomAction<M>(
  action: (caller: Caller, message: M) => Promise<void>,
  caller: Caller,
  message: M,
): Promise<void> {
  try {
    await action(caller, message);
  } catch (error) {
    if (error instanceof RoomError) throw toSocketError(error);
    if (error instanceof TransactionBusy || error instanceof ConditionsFailed)
      throw toSocketError(new RoomError('busy', MULTIPLAYER_MESSAGES.busy));
    throw error;
  }
}
