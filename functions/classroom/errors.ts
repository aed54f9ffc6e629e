import type { ClassroomErrorReason } from '@shared/classroom';

/**
 * A refused class game action: its Japanese message and the reason token the client tells it by
 * (`CLASSROOM_ERROR_REASONS`). A domain error: the socket's handler layer answers it
 * (functions/ws/class-route.ts).
 */
export class ClassError extends Error {
  constructor(
    readonly reason: ClassroomErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'ClassError';
  }
}

export const classError = (reason: ClassroomErrorReason, message: string) => new ClassError(reason, message);
