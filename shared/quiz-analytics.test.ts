import { describe, expect, it } from 'vitest';
import { hardestFirst, misleadingOption } from './quiz-analytics';

const question = (
  optionCounts: { A: number; B: number; C: number; D: number },
  correctAnswer: 'A' | 'B' = 'A',
) => ({
  answered: optionCounts.A + optionCounts.B + optionCounts.C + optionCounts.D,
  optionCounts,
  correctAnswer,
});

describe('misleadingOption', () => {
  it('names the wrong option that alone draws the most answers', () => {
    expect(misleadingOption(question({ A: 2, B: 5, C: 1, D: 0 }))).toBe('B');
  });

  it('names none when the right option leads, two options tie, or there are too few answers', () => {
    expect(misleadingOption(question({ A: 5, B: 2, C: 1, D: 0 }))).toBeNull();
    expect(misleadingOption(question({ A: 1, B: 3, C: 3, D: 0 }))).toBeNull();
    expect(misleadingOption(question({ A: 3, B: 3, C: 0, D: 0 }, 'B'))).toBeNull();
    expect(misleadingOption(question({ A: 0, B: 2, C: 0, D: 0 }))).toBeNull();
  });
});

describe('hardestFirst', () => {
  it('orders by right rate, unanswered questions last, ties in quiz order', () => {
    const sorted = hardestFirst([
      { order: 1, correctRate: 80 },
      { order: 2, correctRate: null },
      { order: 3, correctRate: 20 },
      { order: 4, correctRate: 80 },
    ]);
    expect(sorted.map((item) => item.order)).toEqual([3, 1, 4, 2]);
  });
});
