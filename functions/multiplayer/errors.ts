import type { MULTIPLAYER_ERROR_REASONS } from '@shared/multiplayer';
import { AppError } from '../lib/errors';

type RoomErrorReason = (typeof MULTIPLAYER_ERROR_REASONS)[number];

/** The HTTP-like status each socket error stands for (logs; the socket sends `{message, reason}`). */
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

/** A refused room action: its Japanese message and the stable reason token the client tells it by. */
export const roomError = (reason: RoomErrorReason, message: string) =>
  new AppError(STATUS[reason], message, reason);
