import { describe, expect, it } from 'vitest';
import { newAttempt, playMarkOf, progressKeptUntil, ratingChange, scorePlay } from './attempt-policy';

const questions = [
  { id: 'q1', correctAnswer: 'A' as const },
  { id: 'q2', correctAnswer: 'B' as const },
  { id: 'q3', correctAnswer: 'C' as const },
];
const now = new Date('2026-11-26T03:00:00.000Z');

describe('a finished play', () => {
  it('is scored from the stored answers: by question id, else by position, else none', () => {
    const scored = scorePlay(questions, {
      answers: { q1: 'A', q2: 'C' },
      answersByIndex: { '1': 'B', '2': 'C' },
    });
    expect(scored).toEqual({
      answers: { q1: 'A', q2: 'C', q3: 'C' },
      answersByIndex: { '0': 'A', '1': 'C', '2': 'C' },
      score: 2,
      totalQuestions: 3,
    });
    expect(scorePlay(questions, { answers: {} })).toMatchObject({
      score: 0,
      answers: { q1: '-', q2: '-', q3: '-' },
    });
  });

  it('ignores answers to questions the quiz does not have', () => {
    expect(scorePlay(questions, { answers: { q1: 'A', extra: 'A' } }).score).toBe(1);
  });

  it('gets an id naming its quiz, no rating yet, and the time it ended', () => {
    const attempt = newAttempt('quiz-1', 'u-1', scorePlay(questions, { answers: {} }), now);
    expect(attempt.id.startsWith('quiz-1~')).toBe(true);
    expect(attempt).toMatchObject({
      quizId: 'quiz-1',
      userId: 'u-1',
      rating: null,
      completedAt: now.toISOString(),
    });
  });
});

describe('what a play is to the quiz’s counters', () => {
  it('is a new participant the first time, a new player of the day on a later day, a play only the same day', () => {
    expect(playMarkOf(undefined, '2026-11-26')).toBe('first');
    expect(playMarkOf({ lastPlayedDay: '2026-11-25' }, '2026-11-26')).toBe('firstToday');
    expect(playMarkOf({}, '2026-11-26')).toBe('firstToday');
    expect(playMarkOf({ lastPlayedDay: '2026-11-26' }, '2026-11-26')).toBe('again');
  });
});

describe('a rating', () => {
  it('adds one rating the first time, and moves the sum by the difference when it replaces one', () => {
    expect(ratingChange(4, null)).toEqual({ difference: 4, added: 1 });
    expect(ratingChange(2, 5)).toEqual({ difference: -3, added: 0 });
    expect(ratingChange(3, 3)).toEqual({ difference: 0, added: 0 });
  });
});

it('keeps a play in progress for a day', () => {
  expect(progressKeptUntil(now).getTime() - now.getTime()).toBe(86_400_000);
});
