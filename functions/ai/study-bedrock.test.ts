import { describe, expect, it } from 'vitest';
import { parseStudyQuestions } from './study-bedrock';
import type { OptionKey } from '@shared/focused-study';

describe('study questions from the model', () => {
  const request = { count: 5, types: ['sort_order', 'multiple_choice'] as const };

  it('never hands out a sort-order question whose options already stand in the right order', () => {
    const [question] = parseStudyQuestions(
      {
        questions: [
          {
            type: 'sort_order',
            text: '古い順に並べてください。',
            options: { A: '大化の改新', B: '平城京遷都', C: '平安京遷都' },
            correctAnswer: ['A', 'B', 'C'],
            explanation: '645年、710年、794年の順です。',
          },
        ],
      },
      { ...request, types: [...request.types] },
    )!;
    const order = question!.correctAnswer as OptionKey[];
    expect(order).not.toEqual(Object.keys(question!.options).sort());
    // The right order of the events is unchanged.
    expect(order.map((key) => question!.options[key])).toEqual(['大化の改新', '平城京遷都', '平安京遷都']);
  });

  it('keeps a sort-order question that is already shuffled as it is', () => {
    const raw = {
      type: 'sort_order',
      text: '古い順に並べてください。',
      options: { A: '平安京遷都', B: '大化の改新', C: '平城京遷都' },
      correctAnswer: ['B', 'C', 'A'],
      explanation: '',
    };
    const [question] = parseStudyQuestions({ questions: [raw] }, { ...request, types: [...request.types] })!;
    expect(question).toMatchObject({ options: raw.options, correctAnswer: raw.correctAnswer });
  });
});
