import { describe, expect, it } from 'vitest';
import { FOCUSED_STUDY_MESSAGES, type StudyQuestion } from '@shared/focused-study';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import {
  answersToQuestions,
  assertCompletable,
  assertOpen,
  checkProgress,
  isOpen,
  slotOf,
  takePlace,
  unfinishedKind,
  type RunRecord,
} from './run-policy';

const now = new Date('2026-11-26T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

const base = { text: '問題', explanation: '', options: { A: 'あ', B: 'い', C: 'う', D: 'え' } };
const questions: StudyQuestion[] = [
  { ...base, id: 'q1', type: 'multiple_choice', correctAnswer: 'B' },
  { ...base, id: 'q2', type: 'multiple_select', correctAnswer: ['A', 'C'] },
];

const run = (fields: Partial<RunRecord> = {}): RunRecord => ({
  id: 's1',
  kind: 'study',
  questions,
  difficulty: '普通',
  startedAt: hoursAgo(1),
  date: '2026-11-26',
  totalQuestions: 2,
  ...fields,
});

describe('a run’s life', () => {
  it('is open until completed, for 24 hours', () => {
    expect(isOpen(run(), now)).toBe(true);
    expect(isOpen(run({ startedAt: hoursAgo(24) }), now)).toBe(false);
    expect(isOpen(run({ completedAt: now.toISOString() }), now)).toBe(false);
  });

  it('is completed once, and only within its hours', () => {
    expect(() => assertCompletable(run(), now)).not.toThrow();
    expect(() => assertCompletable(undefined, now)).toThrow(
      new NotFoundError(FOCUSED_STUDY_MESSAGES.runNotFound),
    );
    expect(() => assertCompletable(run({ startedAt: hoursAgo(25) }), now)).toThrow(NotFoundError);
    // A completed one says so, however old it is.
    const completed = run({ startedAt: hoursAgo(25), completedAt: hoursAgo(24) });
    expect(() => assertCompletable(completed, now)).toThrow(
      new ConflictError(FOCUSED_STUDY_MESSAGES.runCompleted),
    );
  });

  it('is saved to or discarded only while open', () => {
    expect(() => assertOpen(run(), now)).not.toThrow();
    expect(() => assertOpen(run({ completedAt: hoursAgo(0.5) }), now)).toThrow(ConflictError);
    expect(() => assertOpen(run({ startedAt: hoursAgo(30) }), now)).toThrow(NotFoundError);
    expect(() => assertOpen(undefined, now)).toThrow(NotFoundError);
  });
});

describe('the one unfinished place', () => {
  it('is free, being started, or held by an open run', () => {
    expect(slotOf({}, undefined, now)).toEqual({ state: 'free', pointer: undefined });
    expect(slotOf({ openRunId: 's1' }, run(), now)).toEqual({ state: 'open', run: run() });
    // Its run completed or expired: free, the pointer kept for the conditional write.
    expect(slotOf({ openRunId: 's1' }, run({ completedAt: hoursAgo(0.5) }), now)).toEqual({
      state: 'free',
      pointer: 's1',
    });
    const claim = { openRunId: 'new', openRunPending: true };
    expect(slotOf({ ...claim, openRunClaimedAt: hoursAgo(0.01) }, undefined, now)).toEqual({
      state: 'starting',
    });
    // A start that died long ago gives its claim up.
    expect(slotOf({ ...claim, openRunClaimedAt: hoursAgo(0.1) }, undefined, now)).toEqual({
      state: 'free',
      pointer: 'new',
    });
  });

  it('is taken by a start only when free, or when the start replaces the run holding it', () => {
    expect(takePlace({ state: 'free', pointer: 'old' })).toEqual({ pointer: 'old' });
    expect(() => takePlace({ state: 'starting' })).toThrow(
      new ConflictError(FOCUSED_STUDY_MESSAGES.runStarting),
    );
    const open = { state: 'open', run: run() } as const;
    expect(() => takePlace(open)).toThrow(new ConflictError(FOCUSED_STUDY_MESSAGES.runUnfinished));
    expect(() => takePlace(open, 'another')).toThrow(ConflictError);
    expect(takePlace(open, 's1')).toEqual({ pointer: 's1', replaced: 's1' });
  });

  it('names the page’s own runs as the page does', () => {
    expect(unfinishedKind(run({ kind: 'review' }))).toBe('review');
    expect(unfinishedKind(run({ kind: 'client', id: 'saved_set_x' }))).toBe('saved');
    expect(unfinishedKind(run({ kind: 'client', id: 'retry-123' }))).toBe('retry');
  });
});

describe('answers', () => {
  it('keeps a save to the run’s own questions and their shapes', () => {
    expect(() => checkProgress(questions, { answers: { q1: 'A' }, currentQuestionIndex: 1 })).not.toThrow();
    expect(() => checkProgress(questions, { answers: {}, currentQuestionIndex: 2 })).toThrow(
      new BadRequestError(FOCUSED_STUDY_MESSAGES.questionIndexInvalid),
    );
    expect(() => checkProgress(questions, { answers: { q9: 'A' }, currentQuestionIndex: 0 })).toThrow(
      new BadRequestError(FOCUSED_STUDY_MESSAGES.answerNotInSession),
    );
    expect(() => checkProgress(questions, { answers: { q2: 'A' }, currentQuestionIndex: 0 })).toThrow(
      new BadRequestError(FOCUSED_STUDY_MESSAGES.answerMismatch),
    );
  });

  it('completes with the answers to the run’s questions only', () => {
    expect(answersToQuestions(questions, { q1: 'B', q9: 'A' })).toEqual({ q1: 'B' });
  });
});
