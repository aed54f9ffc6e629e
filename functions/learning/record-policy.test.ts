import { describe, expect, it } from 'vitest';
import type { Question } from '@shared/quiz-schemas';
import {
  answeredWrongly,
  completionAchievements,
  completionCounts,
  creditedSeconds,
  pointsFor,
} from './record-policy';

const question = (id: string, correctAnswer: Question['correctAnswer']): Question => ({
  id,
  questionText: `問題${id}`,
  optionA: 'あ',
  optionB: 'い',
  optionC: 'う',
  optionD: null,
  correctAnswer,
  explanation: null,
  order: 0,
});
const questions = [question('q1', 'A'), question('q2', 'B'), question('q3', 'C')];

describe('how a finished play counts towards the learning records', () => {
  it('gives 10 points a right answer and 50 more for a perfect score', () => {
    expect(pointsFor(2, 3)).toBe(20);
    expect(pointsFor(3, 3)).toBe(80);
    expect(pointsFor(0, 0)).toBe(0);
  });

  it('adds one completed quiz, its questions and right answers to the counters and the day', () => {
    expect(completionCounts(3, 2)).toEqual({
      quizzesCompleted: 1,
      questionsAnswered: 3,
      correctAnswers: 2,
      points: 20,
    });
  });

  it('puts the questions answered wrongly or left unanswered in the review queue, with the answer given', () => {
    const wrong = answeredWrongly(questions, { q1: 'A', q2: 'C' });
    expect(wrong.map(({ question: { id }, given }) => [id, given])).toEqual([
      ['q2', 'C'],
      ['q3', '-'],
    ]);
    expect(answeredWrongly(questions, { q1: 'A', q2: 'B', q3: 'C' })).toEqual([]);
  });

  it('reaches the first completion, ten completions and a first perfect score', () => {
    expect(completionAchievements(1, 1, 3)).toEqual(['first_completion']);
    expect(completionAchievements(10, 3, 3)).toEqual([
      'first_completion',
      'ten_completions',
      'first_perfect',
    ]);
    expect(completionAchievements(2, 0, 0)).toEqual(['first_completion']);
  });
});

describe('study time a day counts', () => {
  const now = new Date('2026-07-02T00:10:00Z');
  it('counts the part of an answer’s time after what the day counted up to', () => {
    expect(creditedSeconds(40, now, undefined)).toBe(40);
    expect(creditedSeconds(3600, now, '2026-07-02T00:09:00.000Z')).toBe(60);
    expect(creditedSeconds(8, now, '2026-07-02T00:00:00.000Z')).toBe(8);
    expect(creditedSeconds(8, now, now.toISOString())).toBe(0);
    // A day counted past now (another answer's later clock) adds nothing.
    expect(creditedSeconds(8, now, '2026-07-02T00:11:00.000Z')).toBe(0);
  });
});
