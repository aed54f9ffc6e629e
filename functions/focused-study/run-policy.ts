import {
  FOCUSED_STUDY,
  FOCUSED_STUDY_MESSAGES,
  type SessionProgressInput,
  type StudyAnswer,
  type StudyQuestion,
  type StudySession,
  type UnfinishedSession,
} from '@shared/focused-study';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import { answerFits } from './answer-check';

/**
 * The rules of focused-study sessions, as pure functions of a session, the member's one place for
 * an unfinished session and the time: whether a session is still open, whether a start may take
 * the place, which answers a save may hold, what the page is told. session-store.ts keeps
 * sessions and the place; session.ts applies these to what it reads.
 */

export type SessionKind = 'study' | 'review' | 'client';

/** A session as kept: the server's (`study`, `review`) or the page's own (`client`). */
export interface SessionRecord {
  id: string;
  kind: SessionKind;
  questions: StudyQuestion[];
  difficulty: string;
  startedAt: string;
  date: string;
  completedAt?: string;
  /** The answers given: so far while the session is unfinished, then those completed with. */
  userAnswers?: Record<string, StudyAnswer>;
  /** While unfinished: the question the member is on (0-based), saved with the answers. */
  currentQuestionIndex?: number;
  progressAt?: string;
  score?: number;
  totalQuestions: number;
}

/** The session as the page resumes it. */
export const asSession = (session: SessionRecord): StudySession => ({
  id: session.id,
  questions: session.questions,
  currentQuestionIndex: session.currentQuestionIndex ?? 0,
  startedAt: session.startedAt,
});

/** Whether a session is within its 24 hours (completed or not). */
const withinHours = (session: Pick<SessionRecord, 'startedAt'>, now: Date) =>
  Date.parse(session.startedAt) > now.getTime() - FOCUSED_STUDY.sessionHours * 3_600_000;

/** Whether a session may still be answered, resumed and completed: not completed, within 24 hours. */
export const isOpen = (session: SessionRecord, now: Date) =>
  !session.completedAt && withinHours(session, now);

/**
 * How long a start's claim on the unfinished place may stand without its session: longer than a
 * start can run (its function stops at 29 seconds), so the claim of a start that died gives way.
 */
export const STARTING_CLAIM_MS = 60_000;

/** The member's one place for an unfinished session, as it stands. */
export type Slot =
  /** Nothing unfinished; `pointer` is what `openSessionId` holds (a completed, discarded or expired session). */
  | { state: 'free'; pointer: string | undefined }
  /** Another start is generating its questions. */
  | { state: 'starting' }
  | { state: 'open'; session: SessionRecord };

/**
 * The place as the settings item's pointer and the session it names say: open while that session
 * is; being started while a start's claim (no session yet) is fresh; free otherwise.
 */
export function slotOf(
  place: { openSessionId?: string; openSessionClaimedAt?: string; openSessionPending?: boolean },
  session: SessionRecord | undefined,
  now: Date,
): Slot {
  const pointer = place.openSessionId;
  if (!pointer) return { state: 'free', pointer };
  if (session) return isOpen(session, now) ? { state: 'open', session } : { state: 'free', pointer };
  const claimedAt = Date.parse(place.openSessionClaimedAt ?? '');
  return place.openSessionPending && claimedAt > now.getTime() - STARTING_CLAIM_MS
    ? { state: 'starting' }
    : { state: 'free', pointer };
}

/**
 * The place for a new session: refused while another session is unfinished (unless it is the one
 * being replaced) or being started. `pointer` is what the place holds now, to write on condition.
 */
export function takePlace(
  slot: Slot,
  replacing?: string,
): { pointer: string | undefined; replaced?: string } {
  if (slot.state === 'starting') throw new ConflictError(FOCUSED_STUDY_MESSAGES.sessionStarting);
  if (slot.state === 'free') return { pointer: slot.pointer };
  if (slot.session.id !== replacing) throw new ConflictError(FOCUSED_STUDY_MESSAGES.sessionUnfinished);
  return { pointer: slot.session.id, replaced: slot.session.id };
}

/**
 * A server session the member asks to complete: 404 when it is not theirs or its 24 hours are
 * over, 409 once completed.
 */
export function assertCompletable(
  session: SessionRecord | undefined,
  now: Date,
): asserts session is SessionRecord {
  if (!session || (!session.completedAt && !withinHours(session, now)))
    throw new NotFoundError(FOCUSED_STUDY_MESSAGES.sessionNotFound);
  if (session.completedAt) throw new ConflictError(FOCUSED_STUDY_MESSAGES.sessionCompleted);
}

/** A stored session a save or a discard names: 409 once completed, 404 when gone or past its hours. */
export function assertOpen(session: SessionRecord | undefined, now: Date): asserts session is SessionRecord {
  if (session?.completedAt) throw new ConflictError(FOCUSED_STUDY_MESSAGES.sessionCompleted);
  if (!session || !isOpen(session, now)) throw new NotFoundError(FOCUSED_STUDY_MESSAGES.sessionNotFound);
}

/** The answers of a completion that belong to the session's questions (anything else is dropped). */
export const answersToQuestions = (
  questions: readonly StudyQuestion[],
  answers: Readonly<Record<string, StudyAnswer | undefined>>,
): Record<string, StudyAnswer> =>
  Object.fromEntries(
    questions.flatMap((question) =>
      answers[question.id] === undefined ? [] : [[question.id, answers[question.id]!]],
    ),
  );

/** The kind of an unfinished session as the page names it. */
export const unfinishedKind = (session: SessionRecord): UnfinishedSession['kind'] =>
  session.kind === 'client' ? (session.id.startsWith('saved_') ? 'saved' : 'retry') : session.kind;

/** Progress saves per member and minute: one per answer or step, with room for a fast member. */
export const PROGRESS_SAVES_PER_MINUTE = 120;

/** Refuses answers to questions the session does not have, or not of their question's shape. */
export function checkProgress(questions: readonly StudyQuestion[], input: SessionProgressInput): void {
  if (input.currentQuestionIndex >= questions.length)
    throw new BadRequestError(FOCUSED_STUDY_MESSAGES.questionIndexInvalid);
  const byId = new Map(questions.map((question) => [question.id, question]));
  for (const [questionId, answer] of Object.entries(input.answers)) {
    const question = byId.get(questionId);
    if (!question) throw new BadRequestError(FOCUSED_STUDY_MESSAGES.answerNotInSession);
    if (!answerFits(question, answer)) throw new BadRequestError(FOCUSED_STUDY_MESSAGES.answerMismatch);
  }
}
