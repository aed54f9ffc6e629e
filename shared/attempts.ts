import * as z from 'zod';
import { ATTEMPT_MESSAGES } from './attempt-messages';
import { ANSWER_LETTERS } from './constants';

/**
 * Quiz play records (docs/spec/core-platform.md §3 "Attempt", docs/spec/core-platform.md §7). The
 * client's score is never trusted. Their texts are in `shared/attempt-messages.ts`.
 */
export { ATTEMPT_MESSAGES } from './attempt-messages';

const answer = z.union([z.enum(ANSWER_LETTERS), z.literal('-')]);
const answerMap = z.record(z.string().max(64), answer).refine((map) => Object.keys(map).length <= 100);

/**
 * Names one play of a quiz on the page (a random id, new for each play): the checks and the
 * finished attempt of one play that carry it count each question once in the learning records
 * (docs/decisions.md "Issue 29"). A check without it is not counted (its attempt counts it).
 */
export const playIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

export const attemptSchema = z.object({
  score: z.number().int().min(0).max(100).optional(),
  totalQuestions: z.number().int().min(0).max(100).optional(),
  answers: answerMap.default({}),
  answersByIndex: answerMap.optional(),
  playId: playIdSchema.optional(),
  /**
   * The multiplayer room whose game this play is (its page sends it at the game's end): the game's
   * reveals counted its answers in the learning records and the analytics, so the play does not again.
   */
  roomId: z
    .string()
    .regex(/^[A-Za-z0-9]{1,16}$/)
    .optional(),
  /** Seconds spent on each question answered, by question id (the author's analytics average them). */
  secondsByQuestion: z
    .record(z.string().max(64), z.number().min(0).max(86_400))
    .refine((map) => Object.keys(map).length <= 100)
    .optional(),
});
export type AttemptInput = z.input<typeof attemptSchema>;

export const progressSchema = z.object({ answers: answerMap.default({}) });
export type ProgressInput = z.input<typeof progressSchema>;

export const ratingSchema = z.object({
  rating: z
    .number({ error: ATTEMPT_MESSAGES.ratingRange })
    .int(ATTEMPT_MESSAGES.ratingRange)
    .min(1, ATTEMPT_MESSAGES.ratingRange)
    .max(5, ATTEMPT_MESSAGES.ratingRange),
});

export const attemptIdParamsSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(120)
    .regex(/^[A-Za-z0-9_-]+~[A-Za-z0-9-]+$/, ATTEMPT_MESSAGES.notFound),
});

/** `POST /api/quizzes/{id}/attempt`: the attempt as the server scored it. */
export const attemptResultSchema = z.object({
  id: z.string(),
  score: z.number(),
  totalQuestions: z.number(),
  message: z.string(),
});

/**
 * `POST /api/quizzes/{id}/check`: one answer of a solo play. The quiz read carries no answer key
 * (only its author and administrators see one), so a player learns a question's answer here,
 * once they have given theirs.
 */
export const answerCheckSchema = z.object({
  questionId: z.string().trim().min(1).max(64),
  answer: z.enum(ANSWER_LETTERS),
  /** The play this answer belongs to: a signed-in member's checked answer counts in their records at once. */
  playId: playIdSchema.optional(),
});
export type AnswerCheckInput = z.input<typeof answerCheckSchema>;

export const answerCheckResultSchema = z.object({
  questionId: z.string(),
  isCorrect: z.boolean(),
  correctAnswer: z.enum(ANSWER_LETTERS),
  explanation: z.string().nullable(),
});
export type AnswerCheckResult = z.infer<typeof answerCheckResultSchema>;

export const progressSavedSchema = z.object({ saved: z.literal(true) });

export const attemptRatedSchema = z.object({ rating: z.number(), message: z.string() });
