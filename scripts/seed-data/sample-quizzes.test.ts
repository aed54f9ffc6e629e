import { describe, expect, it } from 'vitest';
import { createQuizSchema } from '@shared/quiz-schemas';
import { SEED_CATEGORIES } from '@functions/categories/seed-categories';
import { SAMPLE_QUIZZES } from './sample-quizzes';

describe('sample quizzes', () => {
  it('are at least 12 valid quizzes of 5–10 questions in the seeded categories, answers spread over A–D', () => {
    expect(SAMPLE_QUIZZES.length).toBeGreaterThanOrEqual(12);
    const categories = new Set(SEED_CATEGORIES.map((category) => category.name));
    const letters = new Set<string>();
    for (const sample of SAMPLE_QUIZZES) {
      expect(createQuizSchema.safeParse(sample.data).success, sample.id).toBe(true);
      expect(categories.has(sample.data.quiz.category), sample.id).toBe(true);
      expect(sample.data.questions.length).toBeGreaterThanOrEqual(5);
      expect(sample.data.questions.length).toBeLessThanOrEqual(10);
      for (const question of sample.data.questions) {
        letters.add(question.correctAnswer);
        expect(question.explanation, question.questionText).toBeTruthy();
        const options = [question.optionA, question.optionB, question.optionC, question.optionD];
        expect(new Set(options).size, question.questionText).toBe(4);
      }
    }
    expect([...letters].sort()).toEqual(['A', 'B', 'C', 'D']);
    expect(new Set(SAMPLE_QUIZZES.map((sample) => sample.id)).size).toBe(SAMPLE_QUIZZES.length);
  });
});
