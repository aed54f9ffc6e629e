import * as z from 'zod';
import { DIFFICULTIES, LIMITS } from './constants';
import { QUIZ_MESSAGES, SEARCH_SORTS } from './quizzes';

/** Path and query-string parameters of the quiz routes. */
const m = QUIZ_MESSAGES;

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
  search: z.string().trim().max(100).optional(),
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
  q: z.string().trim().max(100).optional(),
  category: z.string().trim().max(LIMITS.categoryNameMaxLength).optional(),
  difficulty: z.enum(DIFFICULTIES).optional().catch(undefined),
  sort: z.enum(SEARCH_SORTS).default('popular').catch('popular'),
});
