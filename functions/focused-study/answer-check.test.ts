import { describe, expect, it } from 'vitest';
import type { StudyQuestion } from '@shared/focused-study';
import { answerFits, isCorrectAnswer, scoreRun } from './answer-check';

/** The spec's checking rules (docs/spec/multiplayer-membership-study.md §5), each type on its own. */
const base = { text: '問題', explanation: '', options: { A: 'あ', B: 'い', C: 'う', D: 'え' } };
const choice: StudyQuestion = { ...base, id: 'c', type: 'multiple_choice', correctAnswer: 'B' };
const select: StudyQuestion = { ...base, id: 's', type: 'multiple_select', correctAnswer: ['A', 'C'] };
const sort: StudyQuestion = { ...base, id: 'o', type: 'sort_order', correctAnswer: ['D', 'A', 'C', 'B'] };

describe('answer checking', () => {
  it('multiple choice: the exact key', () => {
    expect(isCorrectAnswer(choice, 'B')).toBe(true);
    expect(isCorrectAnswer(choice, 'A')).toBe(false);
    expect(isCorrectAnswer(choice, ['B'])).toBe(false);
    expect(isCorrectAnswer(choice, undefined)).toBe(false);
  });

  it('multiple select: the sorted lists are equal', () => {
    expect(isCorrectAnswer(select, ['A', 'C'])).toBe(true);
    expect(isCorrectAnswer(select, ['C', 'A'])).toBe(true);
    expect(isCorrectAnswer(select, ['A'])).toBe(false);
    expect(isCorrectAnswer(select, ['A', 'C', 'D'])).toBe(false);
    expect(isCorrectAnswer(select, ['A', 'A', 'C'])).toBe(false);
    expect(isCorrectAnswer(select, 'A')).toBe(false);
  });

  it('sort order: the exact order', () => {
    expect(isCorrectAnswer(sort, ['D', 'A', 'C', 'B'])).toBe(true);
    expect(isCorrectAnswer(sort, ['A', 'D', 'C', 'B'])).toBe(false);
    expect(isCorrectAnswer(sort, ['D', 'A', 'C'])).toBe(false);
  });

  it('scores a run with its accuracy in percent', () => {
    expect(scoreRun([choice, select, sort], { c: 'B', s: ['C', 'A'] })).toEqual({
      results: [
        { questionId: 'c', isCorrect: true },
        { questionId: 's', isCorrect: true },
        { questionId: 'o', isCorrect: false },
      ],
      score: 2,
      totalQuestions: 3,
      accuracy: 67,
    });
  });
});

describe('an answer kept while a run is unfinished', () => {
  it('has its question’s shape, right or wrong', () => {
    const small = { ...choice, options: { A: 'あ', B: 'い' } };
    expect([answerFits(choice, 'A'), answerFits(choice, 'B'), answerFits(small, 'C')]).toEqual([
      true,
      true,
      false,
    ]);
    expect(answerFits(choice, ['B'])).toBe(false);
    expect([answerFits(select, ['D']), answerFits(select, ['A', 'B', 'C', 'D'])]).toEqual([true, true]);
    expect([answerFits(select, []), answerFits(select, ['A', 'A']), answerFits(select, 'A')]).toEqual([
      false,
      false,
      false,
    ]);
    expect(answerFits(sort, ['B', 'C', 'A', 'D'])).toBe(true);
    expect([answerFits(sort, ['A', 'B', 'C']), answerFits(sort, ['A', 'A', 'B', 'C'])]).toEqual([
      false,
      false,
    ]);
  });
});
