import * as z from 'zod';
import type { AiSettings, GeneratedQuiz } from '@shared/ai';
import { ANSWER_LETTERS } from '@shared/constants';

/**
 * What a generator must hand back, validated before use (docs/brief/ARCHITECTURE.md §6: AI output is checked).
 * The limits are the quiz form's, so a generated quiz can be loaded into the form and saved as is.
 * correctAnswer may be a string or an array whose first entry is used; it is upper-cased.
 */
const option = z.string().trim().min(1).max(200);

const lowerCaseKeys = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).map(([key, entry]) => [key.trim().toLowerCase(), entry]))
    : value;

const generatedQuestionSchema = z
  .object({
    text: z.string().trim().min(1).max(500),
    options: z.preprocess(lowerCaseKeys, z.object({ a: option, b: option, c: option, d: option })),
    correctAnswer: z
      .union([z.string(), z.array(z.string()).min(1)])
      .transform((answer) => (Array.isArray(answer) ? answer[0]! : answer).trim().toUpperCase())
      .pipe(z.enum(ANSWER_LETTERS)),
    explanation: z.string().trim().max(1000).default(''),
  })
  .refine(({ options }) => new Set(Object.values(options)).size === 4, {
    message: 'options must be four different answers',
    path: ['options'],
  });

export const generatedQuizSchema = z.object({
  title: z.string().trim().min(1).max(100),
  description: z.string().trim().min(1).max(1000),
  questions: z.array(generatedQuestionSchema).min(1),
});

/** Validates a generator's output; null when it is malformed. At most the requested number of questions is kept. */
export function parseGeneratedQuiz(
  output: unknown,
  settings: AiSettings,
  provider: GeneratedQuiz['provider'],
): GeneratedQuiz | null {
  const parsed = generatedQuizSchema.safeParse(output);
  if (!parsed.success) return null;
  return { ...parsed.data, questions: parsed.data.questions.slice(0, settings.numQuestions), provider };
}

/** JSON schema of the same shape, given to the model as the tool's input schema. */
export const generatedQuizJsonSchema = {
  type: 'object',
  required: ['title', 'description', 'questions'],
  properties: {
    title: { type: 'string', description: 'クイズのタイトル（100文字以内）' },
    description: { type: 'string', description: 'クイズの説明（1〜3文）' },
    questions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['text', 'options', 'correctAnswer', 'explanation'],
        properties: {
          text: { type: 'string', description: '問題文（500文字以内）' },
          options: {
            type: 'object',
            required: ['a', 'b', 'c', 'd'],
            properties: {
              a: { type: 'string' },
              b: { type: 'string' },
              c: { type: 'string' },
              d: { type: 'string' },
            },
          },
          correctAnswer: { type: 'string', enum: ['A', 'B', 'C', 'D'] },
          explanation: { type: 'string', description: '正解の根拠となる本文の内容を示す解説' },
        },
      },
    },
  },
} as const;
