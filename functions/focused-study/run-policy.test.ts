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
  type SessionRecord,
} from './session-policy';

const now = new Date('2026-11-26T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

const base = { text: '問題', explanation: '', options: { A: 'あ', B: 'い', C: 'う', D: 'え' } };
const questions: StudyQuestion[] = [
  { ...base, id: 'q1', type: 'multiple_choice', correctAnswer: 'B' },
  { ...base, id: 'q2', type: 'multiple_select', correctAnswer: ['A', 'C'] },
];

const session = (fields: Partial<SessionRecord> = {}): SessionRecord => ({
  id: 's1',
  kind: 'study',
  questions,
  difficulty: '普通',
  startedAt: hoursAgo(1),
  date: '2026-11-26',
  totalQuestions: 2,
  ...fields,
});

describe('a session’s life', () => {
  it('is open until completed, for 24 hours', () => {
    expect(isOpen(session(), now)).toBe(true);
    expect(isOpen(session({ startedAt: hoursAgo(24) }), now)).toBe(false);
    expect(isOpen(session({ completedAt: now.toISOString() }), now)).toBe(false);
  });

  it('is completed once, and only within its hours', () => {
    expect(() => assertCompletable(session(), now)).not.toThrow();
    expect(() => assertCompletable(undefined, now)).toThrow(
      new NotFoundError(FOCUSED_STUDY_MESSAGES.sessionNotFound),
    );
    expect(() => assertCompletable(session({ startedAt: hoursAgo(25) }), now)).toThrow(NotFoundError);
    // A completed one says so, however old it is.
    const completed = session({ startedAt: hoursAgo(25), completedAt: hoursAgo(24) });
    expect(() => assertCompletable(completed, now)).toThrow(
      new ConflictError(FOCUSED_STUDY_MESSAGES.sessionCompleted),
    );
  });

  it('is saved to or discarded only while open', () => {
    expect(() => assertOpen(session(), now)).not.toThrow();
    expect(() => assertOpen(session({ completedAt: hoursAgo(0.5) }), now)).toThrow(ConflictError);
    expect(() => assertOpen(session({ startedAt: hoursAgo(30) }), now)).toThrow(NotFoundError);
    expect(() => assertOpen(undefined, now)).toThrow(NotFoundError);
  });
});

describe('the one unfinished place', () => {
  it('is free, being started, or held by an open session', () => {
    expect(slotOf({}, undefined, now)).toEqual({ state: 'free', pointer: undefined });
    expect(slotOf({ openSessionId: 's1' }, session(), now)).toEqual({ state: 'open', session: session() });
    // Its session completed or expired: free, the pointer kept for the conditional write.
    expect(slotOf({ openSessionId: 's1' }, session({ completedAt: hoursAgo(0.5) }), now)).toEqual({
      state: 'free',
      pointer: 's1',
    });
    const claim = { openSessionId: 'new', openSessionPending: true };
    expect(slotOf({ ...claim, openSessionClaimedAt: hoursAgo(0.01) }, undefined, now)).toEqual({
      state: 'starting',
    });
    // A start that died long ago gives its claim up.
    expect(slotOf({ ...claim, openSessionClaimedAt: hoursAgo(0.1) }, undefined, now)).toEqual({
      state: 'free',
      pointer: 'new',
    });
  });

  it('is taken by a start only when free, or when the start replaces the session holding it', () => {
    expect(takePlace({ state: 'free', pointer: 'old' })).toEqual({ pointer: 'old' });
    expect(() => takePlace({ state: 'starting' })).toThrow(
      new ConflictError(FOCUSED_STUDY_MESSAGES.sessionStarting),
    );
    const open = { state: 'open', session: session() } as const;
    expect(() => takePlace(open)).toThrow(new ConflictError(FOCUSED_STUDY_MESSAGES.sessionUnfinished));
    expect(() => takePlace(open, 'another')).toThrow(ConflictError);
    expect(takePlace(open, 's1')).toEqual({ pointer: 's1', replaced: 's1' });
  });

  it('names the page’s own sessions as the page does', () => {
    expect(unfinishedKind(session({ kind: 'review' }))).toBe('review');
    expect(unfinishedKind(session({ kind: 'client', id: 'saved_set_x' }))).toBe('saved');
    expect(unfinishedKind(session({ kind: 'client', id: 'retry-123' }))).toBe('retry');
  });
});

describe('answers', () => {
  it('keeps a save to the session’s own questions and their shapes', () => {
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

  it('completes with the answers to the session’s questions only', () => {
    expect(answersToQuestions(questions, { q1: 'B', q9: 'A' })).toEqual({ q1: 'B' });
  });
});
