import type { z } from 'zod';
import type { ClassroomErrorReason } from '@shared/classroom';
import { CLASSROOM_MESSAGES } from '@shared/socket-protocol';
import { ConditionsFailed, TransactionBusy } from '../data/errors';
import { AppError } from '../lib/errors';
import type { ClassCaller } from '../classroom/class-play';
import { ClassError } from '../classroom/errors';
import type { WebSocketRouteKey } from '../routes';
import { webSocketHandler, type OpenSocketRequest } from './handler';

/** The HTTP-like status each refusal stands for (logs; the socket sends `{message, reason}`). */
const STATUS: Record<ClassroomErrorReason, number> = {
  not_found: 404,
  class_full: 409,
  nickname_taken: 409,
  invalid: 400,
  locked: 409,
  in_game: 409,
  rate_limited: 429,
  not_host: 403,
  not_in_game: 409,
  too_late: 409,
  already_answered: 409,
  busy: 409,
};

/** A class game's refusal as the socket handler answers it: its message and reason, its status logged. */
export const toClassSocketError = (error: ClassError) =>
  new AppError(STATUS[error.reason], error.message, error.reason, { cause: error });

/** The caller of a class game frame, from the socket chain's request (a member's or a guest's socket). */
export const classCaller = (request: Omit<OpenSocketRequest<unknown>, 'message'>): ClassCaller => ({
  userId: request.user?.id,
  connection: request.connection,
  reply: request.reply,
  log: request.log,
  receivedAt: request.receivedAt,
  sourceIp: request.sourceIp,
});

/**
 * Runs `work`, a `ClassError` of the domain becoming the socket's error answer; a write the domain
 * did not map that kept conflicting (40 pupils joining one game at once) is `busy`: trying again
 * may succeed.
 */
export async function asClassRefusal(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (error instanceof ClassError) throw toClassSocketError(error);
    if (error instanceof TransactionBusy || error instanceof ConditionsFailed)
      throw toClassSocketError(new ClassError('busy', CLASSROOM_MESSAGES.busy));
    throw error;
  }
}

/**
 * A socket route that runs a class game action (functions/classroom/class-play.ts) for its caller:
 * the handler layer of class games, where a `ClassError` becomes the socket's error answer.
 */
export function classRoute<S extends z.ZodType>(options: {
  routeKey: WebSocketRouteKey;
  message: S;
  action: (caller: ClassCaller, message: z.output<S>) => Promise<void>;
  /** A players' frame, which a socket without a session may send (`join_class`, `leave_class`). */
  guests?: true;
}) {
  const { routeKey, message } = options;
  const handle = ({ message, ...request }: OpenSocketRequest<z.output<S>>) =>
    asClassRefusal(() => options.action(classCaller(request), message));
  return options.guests
    ? webSocketHandler({ routeKey, message, guests: true, handle })
    : // The host's frames: a socket without a session is no game's host.
      webSocketHandler({
        routeKey,
        message,
        handle,
        guestRefusal: () => toClassSocketError(new ClassError('not_host', CLASSROOM_MESSAGES.notHost)),
      });
}
