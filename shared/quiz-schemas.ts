import * as z from 'zod';
import { ANSWER_LETTERS, DIFFICULTIES, LIMITS, REPORT_REASONS } from './constants';
import { questionImageInputSchema, questionImageSchema } from './quiz-images';
import { QUIZ_MESSAGES, SEARCH_SORTS } from './quizzes';
import { TAG_LIMITS, tagNamesSchema, tagRefSchema } from './tags';
import { isBlank } from './visible-text';

/**
 * Every schema of the quiz (docs/spec/core-platform.md §3, §5, §7), for the contracts, the functions and the
 * web: what a quiz read answers (summary, detail, play), the creation and edit forms and the
 * report form, and the quiz routes' path and query-string parameters.
 */
const m = QUIZ_MESSAGES;

// ---------------------------------------------------------------- reads

/** A question with its answer key, as its author and administrators read it. */
const questionSchema = z.object({
  id: z.string(),
  questionText: z.string(),
  optionA: z.string(),
  optionB: z.string(),
  optionC: z.string().nullable(),
  optionD: z.string().nullable(),
  correctAnswer: z.enum(ANSWER_LETTERS),
  explanation: z.string().nullable(),
  order: z.number(),
  /**
   * Its picture (issue 30): every read sends it, `null` when there is none (optional in the type
   * so that a question built in code before pictures existed still is one).
   */
  image: questionImageSchema.nullable().optional(),
});
export type Question = z.infer<typeof questionSchema>;

/** A quiz as lists show it. */
export const quizSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  timeLimit: z.number(),
  questionCount: z.number(),
  participantCount: z.number(),
  totalPlayers: z.number(),
  averageRating: z.number(),
  authorId: z.string(),
  authorName: z.string(),
  isPublished: z.boolean(),
  isHidden: z.boolean(),
  reportCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Its active tags, in the order the author gave them (issue 30). */
  tags: z.array(tagRefSchema),
});
export type QuizSummary = z.infer<typeof quizSummarySchema>;

/** A quiz with its questions and their answer key (the author's and administrators' reads). */
export const quizDetailSchema = quizSummarySchema.extend({ questions: z.array(questionSchema) });
export type QuizDetail = z.infer<typeof quizDetailSchema>;

/**
 * A question as a player reads it: `correctAnswer` and `explanation` are there only for the
 * quiz's author and administrators. Everyone else learns them one answer at a time, after giving
 * theirs (`POST /api/quizzes/{id}/check`), so the quiz read cannot give a live game away.
 */
const playQuestionSchema = questionSchema.partial({ correctAnswer: true, explanation: true });
export type PlayQuestion = z.infer<typeof playQuestionSchema>;

/** `GET /api/quizzes/{id}`: the quiz to play. */
export const quizForPlaySchema = quizSummarySchema.extend({ questions: z.array(playQuestionSchema) });
export type QuizForPlay = z.infer<typeof quizForPlaySchema>;

/** A report on one's own quiz, as its author sees it (no reporter). */
export const authorReportSchema = z.object({
  id: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  reportedAt: z.string(),
  status: z.string(),
});

/** A list of quizzes as lists show them. */
export const quizListSchema = z.array(quizSummarySchema);

/** A quiz created or edited, with the words that say so. */
export const quizSavedSchema = quizSummarySchema.extend({ message: z.string() });

/** Whether the quiz is now a favourite of the member's. */
export const favoriteStateSchema = z.object({ isFavorite: z.boolean() });

// ---------------------------------------------------------------- forms

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

/** One question as the create and edit forms send it (also what a spreadsheet import answers). */
export const questionInputSchema = z
  .object({
    questionText: required(m.questionTextRequired, 500, m.questionTextMax),
    optionA: required(m.optionARequired, 200, m.optionMax),
    optionB: required(m.optionBRequired, 200, m.optionMax),
    optionC: optionalText(200, m.optionMax),
    optionD: optionalText(200, m.optionMax),
    correctAnswer: z.enum(ANSWER_LETTERS, { error: m.correctAnswerRequired }).default('A'),
    explanation: optionalText(1000, m.explanationMax),
    /** A picture (quiz-images.ts): `null` removes it; left out, an edit keeps the one at this position. */
    image: questionImageInputSchema.nullish(),
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
      difficulty: z.enum(DIFFICULTIES, { error: m.difficultyRequired }).default('初級'),
      timeLimit: minutes.default(LIMITS.timeLimitDefaultMinutes),
      isPublished: z.boolean().default(true),
      tags: tagNamesSchema.default([]),
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
      /** Absent: the tags stay as they are. */
      tags: tagNamesSchema.optional(),
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

// ---------------------------------------------------------------- path and query string

export const quizIdParamsSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, m.notFound),
});

export const quizListQuerySchema = z.object({
  category: z.string().trim().max(LIMITS.categoryNameMaxLength).optional(),
  difficulty: z.enum(DIFFICULTIES).optional().catch(undefined),
  search: z.string().trim().max(LIMITS.searchTextMaxLength).optional(),
  // A query string is text: only plain digits count as a number («0x10», «1e1» and «» do not).
  limit: z
    .string()
    .regex(/^\d{1,3}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(LIMITS.homeQuizListLimit))
    .default(LIMITS.homeQuizListLimit)
    .catch(LIMITS.homeQuizListLimit),
});

export const quizSearchQuerySchema = z.object({
  q: z.string().trim().max(LIMITS.searchTextMaxLength).optional(),
  category: z.string().trim().max(LIMITS.categoryNameMaxLength).optional(),
  difficulty: z.enum(DIFFICULTIES).optional().catch(undefined),
  sort: z.enum(SEARCH_SORTS).default('popular').catch('popular'),
  /** A tag's name (any case or width): only its quizzes. */
  tag: z.string().trim().max(TAG_LIMITS.rawNameMax).optional(),
});
