import {
  FOCUSED_STUDY,
  FOCUSED_STUDY_MESSAGES,
  type RunProgressInput,
  type StudyAnswer,
  type StudyQuestion,
  type StudyRun,
  type UnfinishedRun,
} from '@shared/focused-study';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import { answerFits } from './answer-check';

/**
 * The rules of focused-study runs, as pure functions of a run, the member's one place for
 * an unfinished run and the time: whether a run is still open, whether a start may take
 * the place, which answers a save may hold, what the page is told. run-store.ts keeps
 * runs and the place; run.ts applies these to what it reads.
 */

type RunKind = 'study' | 'review' | 'client';

/** A run as kept: the server's (`study`, `review`) or the page's own (`client`). */
export interface RunRecord {
  id: string;
  kind: RunKind;
  questions: StudyQuestion[];
  difficulty: string;
  startedAt: string;
  date: string;
  completedAt?: string;
  /** The answers given: so far while the run is unfinished, then those completed with. */
  userAnswers?: Record<string, StudyAnswer>;
  /** While unfinished: the question the member is on (0-based), saved with the answers. */
  currentQuestionIndex?: number;
  progressAt?: string;
  score?: number;
  totalQuestions: number;
}

/** The run as the page resumes it. */
export const asRun = (run: RunRecord): StudyRun => ({
  id: run.id,
  questions: run.questions,
  currentQuestionIndex: run.currentQuestionIndex ?? 0,
  startedAt: run.startedAt,
});

/** Whether a run is within its 24 hours (completed or not). */
const withinHours = (run: Pick<RunRecord, 'startedAt'>, now: Date) =>
  Date.parse(run.startedAt) > now.getTime() - FOCUSED_STUDY.runHours * 3_600_000;

/** Whether a run may still be answered, resumed and completed: not completed, within 24 hours. */
export const isOpen = (run: RunRecord, now: Date) => !run.completedAt && withinHours(run, now);

/**
 * How long a start's claim on the unfinished place may stand without its run: longer than a
 * start can run (its function stops at 29 seconds), so the claim of a start that died gives way.
 */
const STARTING_CLAIM_MS = 60_000;

/** The member's one place for an unfinished run, as it stands. */
export type Slot =
  /** Nothing unfinished; `pointer` is what `openSessionId` holds (a completed, discarded or expired run). */
  | { state: 'free'; pointer: string | undefined }
  /** Another start is generating its questions. */
  | { state: 'starting' }
  | { state: 'open'; run: RunRecord };

/**
 * The place as the settings item's pointer and the run it names say: open while that run
 * is; being started while a start's claim (no run yet) is fresh; free otherwise.
 */
export function slotOf(
  place: { openRunId?: string; openRunClaimedAt?: string; openRunPending?: boolean },
  run: RunRecord | undefined,
  now: Date,
): Slot {
  const pointer = place.openRunId;
  if (!pointer) return { state: 'free', pointer };
  if (run) return isOpen(run, now) ? { state: 'open', run } : { state: 'free', pointer };
  const claimedAt = Date.parse(place.openRunClaimedAt ?? '');
  return place.openRunPending && claimedAt > now.getTime() - STARTING_CLAIM_MS
    ? { state: 'starting' }
    : { state: 'free', pointer };
}

/**
 * The place for a new run: refused while another run is unfinished (unless it is the one
 * being replaced) or being started. `pointer` is what the place holds now, to write on condition.
 */
export function takePlace(
  slot: Slot,
  replacing?: string,
): { pointer: string | undefined; replaced?: string } {
  if (slot.state === 'starting') throw new ConflictError(FOCUSED_STUDY_MESSAGES.runStarting);
  if (slot.state === 'free') return { pointer: slot.pointer };
  if (slot.run.id !== replacing) throw new ConflictError(FOCUSED_STUDY_MESSAGES.runUnfinished);
  return { pointer: slot.run.id, replaced: slot.run.id };
}

/**
 * A server run the member asks to complete: 404 when it is not theirs or its 24 hours are
 * over, 409 once completed.
 */
export function assertCompletable(run: RunRecord | undefined, now: Date): asserts run is RunRecord {
  if (!run || (!run.completedAt && !withinHours(run, now)))
    throw new NotFoundError(FOCUSED_STUDY_MESSAGES.runNotFound);
  if (run.completedAt) throw new ConflictError(FOCUSED_STUDY_MESSAGES.runCompleted);
}

/** A stored run a save or a discard names: 409 once completed, 404 when gone or past its hours. */
export function assertOpen(run: RunRecord | undefined, now: Date): asserts run is RunRecord {
  if (run?.completedAt) throw new ConflictError(FOCUSED_STUDY_MESSAGES.runCompleted);
  if (!run || !isOpen(run, now)) throw new NotFoundError(FOCUSED_STUDY_MESSAGES.runNotFound);
}

/** The answers of a completion that belong to the run's questions (anything else is dropped). */
export const answersToQuestions = (
  questions: readonly StudyQuestion[],
  answers: Readonly<Record<string, StudyAnswer | undefined>>,
): Record<string, StudyAnswer> =>
  Object.fromEntries(
    questions.flatMap((question) =>
      answers[question.id] === undefined ? [] : [[question.id, answers[question.id]!]],
    ),
  );

/** The kind of an unfinished run as the page names it. */
export const unfinishedKind = (run: RunRecord): UnfinishedRun['kind'] =>
  run.kind === 'client' ? (run.id.startsWith('saved_') ? 'saved' : 'retry') : run.kind;

/** Progress saves per member and minute: one per answer or step, with room for a fast member. */
export const PROGRESS_SAVES_PER_MINUTE = 120;

/** Refuses answers to questions the run does not have, or not of their question's shape. */
export function checkProgress(questions: readonly StudyQuestion[], input: RunProgressInput): void {
  if (input.currentQuestionIndex >= questions.length)
    throw new BadRequestError(FOCUSED_STUDY_MESSAGES.questionIndexInvalid);
  const byId = new Map(questions.map((question) => [question.id, question]));
  for (const [questionId, answer] of Object.entries(input.answers)) {
    const question = byId.get(questionId);
    if (!question) throw new BadRequestError(FOCUSED_STUDY_MESSAGES.answerNotInSession);
    if (!answerFits(question, answer)) throw new BadRequestError(FOCUSED_STUDY_MESSAGES.answerMismatch);
  }
}
