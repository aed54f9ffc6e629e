import * as z from 'zod';
import { ANSWER_LETTERS, DIFFICULTIES, LIMITS, REPORT_REASONS } from './constants';
import { QUIZ_MESSAGES } from './quizzes';
import { isBlank } from './visible-text';

/** The quiz creation and edit forms and the report form; the web forms and the functions share them. */
const m = QUIZ_MESSAGES;

const optionalText = (max: number, maxMessage?: string) =>
  z
    .string()
    .trim()
    .max(max, maxMessage)
    .nullish()
    .transform((value) => (value ? value : null));

/** A required text: missing, blank and invisible-only (zero-width spaces, fillers) give `message`. */
const required = (message: string, max: number, maxMessage?: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, maxMessage)
    .refine((text) => !isBlank(text), message);

/**
 * A whole number of minutes as JSON sends it: a number, never `true`, `[5]` or `"0x10"` (the
 * edit form reads its field as a number; a cleared field arrives as NaN or null).
 */
const minutes = z
  .number({ error: m.timeLimitRange })
  .int(m.timeLimitRange)
  .min(LIMITS.timeLimitMinMinutes, m.timeLimitRange)
  .max(LIMITS.timeLimitMaxMinutes, m.timeLimitRange);

const questionInputSchema = z
  .object({
    questionText: required(m.questionTextRequired, 500, m.questionTextMax),
    optionA: required(m.optionARequired, 200, m.optionMax),
    optionB: required(m.optionBRequired, 200, m.optionMax),
    optionC: optionalText(200, m.optionMax),
    optionD: optionalText(200, m.optionMax),
    correctAnswer: z.enum(ANSWER_LETTERS, { error: m.correctAnswerRequired }).default('A'),
    explanation: optionalText(1000, m.explanationMax),
  })
  .refine(
    (question) =>
      (question.correctAnswer !== 'C' || question.optionC !== null) &&
      (question.correctAnswer !== 'D' || question.optionD !== null),
    { message: m.correctAnswerMissingOption, path: ['correctAnswer'] },
  );

const questions = z
  .array(questionInputSchema, { error: m.questionsMin })
  .min(1, m.questionsMin)
  .max(LIMITS.questionsPerQuizMax, m.questionsMax);

const title = required(m.titleRequired, 100, m.titleMax);

/** `POST /api/quizzes`: `{ quiz: {title, description, category, difficulty, isPublished}, questions }`. */
export const createQuizSchema = z.object({
  quiz: z.object(
    {
      title,
      description: required(m.descriptionRequired, 1000, m.descriptionMax),
      category: z
        .string({ error: m.categoryRequiredCreate })
        .trim()
        .min(1, m.categoryRequiredCreate)
        .max(LIMITS.categoryNameMaxLength),
      difficulty: z.enum(DIFFICULTIES, { error: m.difficultyRequired }).default('中級'),
      timeLimit: minutes.default(LIMITS.timeLimitDefaultMinutes),
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
      timeLimit: minutes,
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
