import { CLASSROOM_MESSAGES, type ClassroomErrorReason } from '@shared/classroom';

/** Each `error.reason` of class games as the page says it (docs/classroom.md "Error reasons"). */
const REASON_MESSAGES: Partial<Record<ClassroomErrorReason, string>> = {
  not_found: CLASSROOM_MESSAGES.gameNotFound,
  class_full: CLASSROOM_MESSAGES.classFull,
  nickname_taken: CLASSROOM_MESSAGES.nicknameTaken,
  locked: CLASSROOM_MESSAGES.locked,
  in_game: CLASSROOM_MESSAGES.inGame,
  rate_limited: CLASSROOM_MESSAGES.joinTooFast,
  not_host: CLASSROOM_MESSAGES.notHost,
  not_in_game: CLASSROOM_MESSAGES.notJoined,
  too_late: CLASSROOM_MESSAGES.tooLate,
  already_answered: CLASSROOM_MESSAGES.alreadyAnswered,
  busy: CLASSROOM_MESSAGES.busy,
};

/**
 * The Japanese message of a class error: the page's own text for the reason, else the server's
 * message (`invalid` names what was wrong: the nickname's characters, a frame a guest may not send).
 */
export function classErrorMessage(error: { reason: string; message: string }): string {
  return REASON_MESSAGES[error.reason as ClassroomErrorReason] ?? (error.message || CLASSROOM_MESSAGES.busy);
}
