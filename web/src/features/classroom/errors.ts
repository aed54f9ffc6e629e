import { CLASSROOM_MESSAGES, type ClassroomErrorReason } from '@shared/classroom';

/** Each `error.reason` of class games as the page says it (docs/multiplayer.md "Class games: protocol"). */
const REASON_MESSAGES: Partial<Record<ClassroomErrorReason, string>> = {
  not_found: CLASSROOM_MESSAGES.gameNotFound,
  class_full: CLASSROOM_MESSAGES.classFull,
  nickname_taken: CLASSROOM_MESSAGES.nicknameTaken,
  locked: CLASSROOM_MESSAGES.locked,
  rate_limited: CLASSROOM_MESSAGES.joinTooFast,
  not_host: CLASSROOM_MESSAGES.notHost,
  not_in_game: CLASSROOM_MESSAGES.notJoined,
  too_late: CLASSROOM_MESSAGES.tooLate,
  already_answered: CLASSROOM_MESSAGES.alreadyAnswered,
  busy: CLASSROOM_MESSAGES.busy,
};

/**
 * The Japanese message of a class error: the page's own text for the reason, else the server's
 * message (`invalid` names what was wrong: the nickname's characters, a frame a guest may not send;
 * `in_game` whether the game is under way or this device already plays in another game).
 */
export function classErrorMessage(error: { reason: string; message: string }): string {
  return REASON_MESSAGES[error.reason as ClassroomErrorReason] ?? (error.message || CLASSROOM_MESSAGES.busy);
}

const PIN_ERRORS: ReadonlySet<string> = new Set([
  CLASSROOM_MESSAGES.pinRequired,
  CLASSROOM_MESSAGES.pinInvalid,
  CLASSROOM_MESSAGES.gameNotFound,
]);
const NICKNAME_ERRORS: ReadonlySet<string> = new Set([
  CLASSROOM_MESSAGES.nicknameRequired,
  CLASSROOM_MESSAGES.nicknameTooLong,
  CLASSROOM_MESSAGES.nicknameChars,
  CLASSROOM_MESSAGES.nicknameTaken,
]);

/**
 * The join form's field a refusal is about, to mark that one invalid: the PIN (missing, malformed,
 * naming no game) or the nickname (missing, too long, hidden characters, taken); none for a game
 * full, locked or started, or too many tries.
 */
export function joinErrorField(message: string | null): 'pin' | 'nickname' | null {
  if (message === null) return null;
  if (PIN_ERRORS.has(message)) return 'pin';
  return NICKNAME_ERRORS.has(message) ? 'nickname' : null;
}
