import * as z from 'zod';
import { ANSWER_LETTERS, DIFFICULTIES, LIMITS, REPORT_REASONS } from './constants';
import { QUIZ_MESSAGES } from './quizzes';

/** The quiz creation and edit forms and the report form; the web forms and the functions share them. */
const m = QUIZ_MESSAGES;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

export const questionInputSchema = z
  .object({
    questionText: z.string({ error: m.questionTextRequired }).trim().min(1, m.questionTextRequired).max(500),
    optionA: z.string({ error: m.optionARequired }).trim().min(1, m.optionARequired).max(200),
    optionB: z.string({ error: m.optionBRequired }).trim().min(1, m.optionBRequired).max(200),
    optionC: optionalText(200),
    optionD: optionalText(200),
    correctAnswer: z.enum(ANSWER_LETTERS, { error: m.correctAnswerRequired }).default('A'),
    explanation: optionalText(1000),
  })
  .refine(
    (question) =>
      (question.correctAnswer !== 'C' || question.optionC !== null) &&
      (question.correctAnswer !== 'D' || question.optionD !== null),
    { message: m.correctAnswerMissingOption, path: ['correctAnswer'] },
  );
export type QuestionInput = z.input<typeof questionInputSchema>;

const questions = z
  .array(questionInputSchema, { error: m.questionsMin })
  .min(1, m.questionsMin)
  .max(50, m.questionsMax);

const title = z.string({ error: m.titleRequired }).trim().min(1, m.titleRequired).max(100, m.titleMax);

/** `POST /api/quizzes`: `{ quiz: {title, description, category, difficulty, isPublished}, questions }`. */
export const createQuizSchema = z.object({
  quiz: z.object(
    {
      title,
      description: z
        .string({ error: m.descriptionRequired })
        .trim()
        .min(1, m.descriptionRequired)
        .max(1000, m.descriptionMax),
      category: z
        .string({ error: m.categoryRequiredCreate })
        .trim()
        .min(1, m.categoryRequiredCreate)
        .max(LIMITS.categoryNameMaxLength),
      difficulty: z.enum(DIFFICULTIES, { error: m.difficultyRequired }).default('中級'),
      timeLimit: z.coerce
        .number()
        .int()
        .min(LIMITS.timeLimitMinMinutes, m.timeLimitRange)
        .max(LIMITS.timeLimitMaxMinutes, m.timeLimitRange)
        .default(LIMITS.timeLimitDefaultMinutes),
      isPublished: z.boolean().default(true),
    },
    { error: m.titleRequired },
  ),
  questions,
});
export type CreateQuizInput = z.input<typeof createQuizSchema>;
export type CreateQuizData = z.output<typeof createQuizSchema>;

/** `PUT /api/quizzes/{id}`: the edit form (description optional, time limit 1–60). */
export const updateQuizSchema = z.object({
  quiz: z.object(
    {
      title,
      description: z
        .string()
        .trim()
        .max(1000, m.descriptionMax)
        .nullish()
        .transform((value) => value ?? ''),
      category: z
        .string({ error: m.categoryRequiredEdit })
        .trim()
        .min(1, m.categoryRequiredEdit)
        .max(LIMITS.categoryNameMaxLength),
      difficulty: z.enum(DIFFICULTIES, { error: m.difficultyRequired }),
      timeLimit: z.coerce
        .number({ error: m.timeLimitRange })
        .int(m.timeLimitRange)
        .min(LIMITS.timeLimitMinMinutes, m.timeLimitRange)
        .max(LIMITS.timeLimitMaxMinutes, m.timeLimitRange),
      isPublished: z.boolean().default(true),
    },
    { error: m.titleRequired },
  ),
  questions,
});
export type UpdateQuizInput = z.input<typeof updateQuizSchema>;
export type UpdateQuizData = z.output<typeof updateQuizSchema>;

export const reportSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: m.reportReasonRequired }),
  details: z
    .string()
    .trim()
    .max(1000)
    .nullish()
    .transform((value) => value || null),
  /** The home variant also sends reportedBy; the server always uses the session's user. */
  reportedBy: z.unknown().optional(),
});
export type ReportInput = z.input<typeof reportSchema>;
