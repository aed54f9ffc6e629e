import { describe, expect, it } from 'vitest';
import { createQuizSchema } from './quiz-schemas';

describe('createQuizSchema', () => {
  const body = (quiz: Record<string, unknown>) => ({
    quiz: { title: '日本の川', description: '長さと流域', category: '地理', ...quiz },
    questions: [{ questionText: '一番長い川は？', optionA: '信濃川', optionB: '利根川' }],
  });

  it('stores the schema’s defaults for what a caller leaves out: 初級, 10 minutes, public, answer A', () => {
    const parsed = createQuizSchema.parse(body({}));
    expect(parsed.quiz).toMatchObject({ difficulty: '初級', timeLimit: 10, isPublished: true });
    expect(parsed.questions[0]).toMatchObject({ correctAnswer: 'A', optionC: null, explanation: null });
  });

  it('keeps the difficulty the form sends (its own default is 中級)', () => {
    expect(createQuizSchema.parse(body({ difficulty: '中級' })).quiz.difficulty).toBe('中級');
  });
});
