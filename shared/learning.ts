import * as z from 'zod';
import { ANSWER_LETTERS } from './constants';
import { isCalendarDay, LEARNING, LEARNING_MESSAGES } from './learning-constants';
import { isBlank } from './visible-text';

/**
 * A member's learning records: stats, activity, achievements and study records
 * (docs/spec/core-platform.md §3, §7), and the records of issue 29 (the dashboard, daily stats,
 * weaknesses, study sessions, study plans, daily to-dos, the review of mistakes): their schemas.
 * Their points, achievements, limits and Japanese texts are in `shared/learning-constants.ts`,
 * exported again here under the same names.
 */
export {
  ACHIEVEMENTS,
  ACTIVITY_TEXT,
  isCalendarDay,
  LEARNING,
  LEARNING_MESSAGES,
  PERFECT_BONUS,
  POINTS_PER_CORRECT,
  type AchievementKey,
} from './learning-constants';

/** `GET /api/user/stats`. */
export const userStatsSchema = z.object({
  quizzesCreated: z.number(),
  quizzesCompleted: z.number(),
  averageScore: z.number(),
  totalPoints: z.number(),
  proLastPaidAt: z.string().nullable(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

const activityItemSchema = z.object({
  id: z.string(),
  type: z.enum(['quiz_created', 'quiz_completed', 'achievement']),
  title: z.string(),
  description: z.string(),
  score: z.number().nullable(),
  date: z.string(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

const recentAttemptSchema = z.object({
  quizId: z.string(),
  quizTitle: z.string(),
  date: z.string(),
  correctRate: z.number(),
  mistakes: z.array(z.object({ question: z.string(), yourAnswer: z.string(), correctAnswer: z.string() })),
});
export type RecentAttempt = z.infer<typeof recentAttemptSchema>;

/** `GET /api/user/activity`. */
export const activityResponseSchema = z.object({
  activity: z.array(activityItemSchema),
  recentAttempts: z.array(recentAttemptSchema),
});
export type ActivityResponse = z.infer<typeof activityResponseSchema>;

/** `POST /api/study/session`: one answered question, sent by the play page (signed in). */
export const studyRecordSchema = z.object({
  quizId: z.string().trim().min(1).max(64),
  questionId: z.string().trim().min(1).max(64),
  userAnswer: z.union([z.enum(ANSWER_LETTERS), z.literal('-')]),
  correctAnswer: z.enum(ANSWER_LETTERS).optional(),
  isCorrect: z.boolean().optional(),
  timeSpent: z.number().min(0).max(3600).default(0),
});
export type StudyRecordInput = z.input<typeof studyRecordSchema>;

/** `POST /api/study/session`: whether the answer was right, decided on the server. */
export const studyAnswerResultSchema = z.object({ isCorrect: z.boolean() });

// ---------------------------------------------------------------- learning records (issue 29)

const M = LEARNING_MESSAGES;

/** A day as `YYYY-MM-DD` (Japan), checked to exist. */
export const daySchema = z.string({ error: M.badDate }).refine(isCalendarDay, { error: M.badDate });

const percent = z.number().int().min(0).max(100);
const trendSchema = z.enum(['improving', 'stable', 'declining']);
export type ImprovementTrend = z.infer<typeof trendSchema>;

/** One category × difficulty of at least 5 answered questions (`GET /api/learning/weaknesses`). */
export const weaknessSchema = z.object({
  category: z.string(),
  difficulty: z.string(),
  totalAttempts: z.number().int(),
  correctAttempts: z.number().int(),
  /** Integer percent. */
  accuracy: percent,
  /** ISO time of the latest answer in it, null when unknown. */
  lastAttemptAt: z.string().nullable(),
  improvementTrend: trendSchema,
  /** A Japanese sentence naming the category and what to do. */
  recommendedAction: z.string(),
});
export type Weakness = z.infer<typeof weaknessSchema>;

/** `GET /api/learning/weaknesses`: weakest first. */
export const weaknessesSchema = z.object({ weaknesses: z.array(weaknessSchema) });

/** `GET /api/learning/dashboard`. */
export const dashboardSchema = z.object({
  today: z.object({
    date: z.string(),
    questionsAnswered: z.number().int(),
    correctAnswers: z.number().int(),
    quizzesCompleted: z.number().int(),
    /** Seconds. */
    timeSpent: z.number().int(),
  }),
  streak: z.object({ current: z.number().int(), longest: z.number().int() }),
  goal: z.object({
    dailyGoal: z.number().int(),
    weeklyGoal: z.number().int(),
    todayDone: z.number().int(),
    /** Answered since Monday (Japan). */
    weekDone: z.number().int(),
    /** The active plan the goals come from; null: the defaults 5 / 35. */
    planId: z.string().nullable(),
  }),
  /** Days with activity among the last 365, oldest first. */
  calendar: z.array(
    z.object({ date: z.string(), questionsAnswered: z.number().int(), correctAnswers: z.number().int() }),
  ),
  /** Every answer so far (not only the last 365 days), by category, most answered first. */
  categories: z.array(
    z.object({
      category: z.string(),
      questionsAnswered: z.number().int(),
      correctAnswers: z.number().int(),
      accuracy: percent,
    }),
  ),
  /** The five weakest (as `GET /api/learning/weaknesses`). */
  weaknesses: z.array(weaknessSchema),
  /** Review questions due today (`GET /api/review/queue`'s `dueToday`). */
  reviewDue: z.number().int(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** `GET /api/learning/daily-stats?from&to`: both days included, at most 366 days. */
export const dailyStatsQuerySchema = z
  .object({ from: daySchema, to: daySchema })
  .refine(
    ({ from, to }) =>
      from <= to &&
      (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1 <=
        LEARNING.dailyStatsMaxDays,
    { error: M.badRange },
  );

/** One day with activity. */
export const dailyStatSchema = z.object({
  date: z.string(),
  quizzesCompleted: z.number().int(),
  questionsAnswered: z.number().int(),
  correctAnswers: z.number().int(),
  /** Seconds. */
  timeSpent: z.number().int(),
  /** Days in a row with activity, ending with this one. */
  streak: z.number().int(),
  categoriesStudied: z.array(z.string()),
  /** Correct answers of the day in integer percent. */
  averageScore: percent,
});
export type DailyStat = z.infer<typeof dailyStatSchema>;

export const dailyStatsSchema = z.object({ days: z.array(dailyStatSchema) });

/** `GET /api/learning/sessions?limit=20` (1–50). */
export const sessionsQuerySchema = z.object({
  limit: z
    .string()
    .regex(/^\d{1,2}$/, { error: M.badLimit })
    .transform(Number)
    .pipe(
      z.number().int().min(1, { error: M.badLimit }).max(LEARNING.sessionsMaxLimit, { error: M.badLimit }),
    )
    .default(LEARNING.sessionsDefaultLimit),
});

/** A run of answering with no gap over 30 minutes. */
export const studySessionSchema = z.object({
  id: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  totalQuizzes: z.number().int(),
  totalQuestions: z.number().int(),
  correctAnswers: z.number().int(),
  /** Seconds. */
  totalTimeSpent: z.number().int(),
  categories: z.array(z.string()),
  /** The Japan day it started on. */
  date: z.string(),
});
export type LearningSession = z.infer<typeof studySessionSchema>;

/** `GET /api/learning/sessions`: newest first. */
export const studySessionsSchema = z.object({ sessions: z.array(studySessionSchema) });

// ---------------------------------------------------------------- study plans

// Request bodies only: a title or a to-do of invisible characters alone (zero-width spaces) is blank.
const planTitle = z
  .string({ error: M.planTitle })
  .trim()
  .min(1, { error: M.planTitle })
  .max(LEARNING.planTitleMax, { error: M.planTitle })
  .refine((text) => !isBlank(text), { error: M.planTitle });
const planDescription = z
  .string({ error: M.planDescription })
  .trim()
  .max(LEARNING.planDescriptionMax, { error: M.planDescription });
const dailyGoal = z
  .number({ error: M.dailyGoal })
  .int({ error: M.dailyGoal })
  .min(1, { error: M.dailyGoal })
  .max(LEARNING.dailyGoalMax, { error: M.dailyGoal });
const weeklyGoal = z
  .number({ error: M.weeklyGoal })
  .int({ error: M.weeklyGoal })
  .min(1, { error: M.weeklyGoal })
  .max(LEARNING.weeklyGoalMax, { error: M.weeklyGoal });
const targetCategory = z.string().trim().min(1).max(100).nullable();

const datesInOrder = (plan: { startDate?: string | undefined; endDate?: string | null | undefined }) =>
  !plan.startDate || !plan.endDate || plan.startDate <= plan.endDate;

/**
 * `POST /api/study-plans`. `startDate` defaults to today (Japan); `targetExamDate` may not be in
 * the past and `targetCategory` must be a category (both checked on the server with the day).
 */
export const createPlanSchema = z
  .object({
    title: planTitle,
    description: planDescription.default(''),
    targetCategory: targetCategory.default(null),
    dailyGoal: dailyGoal.default(LEARNING.defaultDailyGoal),
    weeklyGoal: weeklyGoal.default(LEARNING.defaultWeeklyGoal),
    targetExamDate: daySchema.nullable().default(null),
    startDate: daySchema.optional(),
    endDate: daySchema.nullable().default(null),
  })
  .refine(datesInOrder, { error: M.planDates, path: ['endDate'] });
export type CreatePlanInput = z.input<typeof createPlanSchema>;

/** `PUT /api/study-plans/{id}`: any of the fields; `isActive: true` activates it (and deactivates the others). */
export const updatePlanSchema = z
  .object({
    title: planTitle.optional(),
    description: planDescription.optional(),
    targetCategory: targetCategory.optional(),
    dailyGoal: dailyGoal.optional(),
    weeklyGoal: weeklyGoal.optional(),
    targetExamDate: daySchema.nullable().optional(),
    startDate: daySchema.optional(),
    endDate: daySchema.nullable().optional(),
    isActive: z.boolean().optional(),
  })
  .refine((plan) => Object.values(plan).some((value) => value !== undefined), {
    error: M.planNothingToChange,
  })
  .refine(datesInOrder, { error: M.planDates, path: ['endDate'] });
export type UpdatePlanInput = z.input<typeof updatePlanSchema>;

export const planIdParamsSchema = z.object({
  id: z.string().regex(/^[0-9a-f-]{36}$/, { error: M.planNotFound }),
});

export const studyPlanSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  targetCategory: z.string().nullable(),
  dailyGoal: z.number().int(),
  weeklyGoal: z.number().int(),
  targetExamDate: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  isActive: z.boolean(),
  /** 0–100: answered (in the category) since startDate against the goal (see docs/decisions.md). */
  progress: percent,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StudyPlan = z.infer<typeof studyPlanSchema>;

/** `GET /api/study-plans`: newest first. */
export const studyPlansSchema = z.object({ plans: z.array(studyPlanSchema) });

// ---------------------------------------------------------------- daily to-dos

const todoText = z
  .string({ error: M.todoText })
  .trim()
  .min(1, { error: M.todoText })
  .max(LEARNING.todoTextMax, { error: M.todoText })
  .refine((text) => !isBlank(text), { error: M.todoText });

/** `GET /api/todos?date=YYYY-MM-DD` (default today, Japan; within 366 days of it, checked on the server). */
export const todosQuerySchema = z.object({ date: daySchema.optional() });

/** `POST /api/todos` (`date` default today, Japan; within 366 days of it, checked on the server). */
export const createTodoSchema = z.object({ text: todoText, date: daySchema.optional() });
export type CreateTodoInput = z.input<typeof createTodoSchema>;

/** `PATCH /api/todos/{id}`. */
export const updateTodoSchema = z
  .object({ text: todoText.optional(), completed: z.boolean().optional() })
  .refine((todo) => todo.text !== undefined || todo.completed !== undefined, {
    error: M.todoNothingToChange,
  });
export type UpdateTodoInput = z.input<typeof updateTodoSchema>;

/** A to-do's id names its day: `YYYY-MM-DD_<uuid>`. */
export const todoIdParamsSchema = z.object({
  id: z.string().regex(/^\d{4}-\d{2}-\d{2}_[0-9a-f-]{36}$/, { error: M.todoNotFound }),
});

export const todoSchema = z.object({
  id: z.string(),
  text: z.string(),
  date: z.string(),
  completed: z.boolean(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Todo = z.infer<typeof todoSchema>;

/** `GET /api/todos`: the day's to-dos in the order added. */
export const todosSchema = z.object({ date: z.string(), todos: z.array(todoSchema) });

// ---------------------------------------------------------------- review of mistakes

/** `GET /api/review/queue`: quiz questions answered wrongly (solo and multiplayer), not mastered, due first. */
export const reviewQueueSchema = z.object({
  dueToday: z.number().int(),
  items: z.array(
    z.object({
      questionId: z.string(),
      quizId: z.string(),
      quizTitle: z.string(),
      category: z.string(),
      nextReviewDate: z.string(),
      reviewCount: z.number().int(),
    }),
  ),
});
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;

/** `POST /api/review/session` (no body, or `{}`: every category; `category`: only that one's questions). */
export const reviewSessionRequestSchema = z.object({
  category: z.string().trim().min(1).max(100).optional(),
});
export type ReviewSessionRequest = z.input<typeof reviewSessionRequestSchema>;

/** `POST /api/review/session`: up to 20 due questions, without their answers. */
export const reviewSessionSchema = z.object({
  questions: z.array(
    z.object({
      questionId: z.string(),
      quizId: z.string(),
      quizTitle: z.string(),
      category: z.string(),
      questionText: z.string(),
      optionA: z.string(),
      optionB: z.string(),
      optionC: z.string().nullable(),
      optionD: z.string().nullable(),
    }),
  ),
});
export type ReviewSession = z.infer<typeof reviewSessionSchema>;

/** `POST /api/review/answer` (`quizId` optional: the server finds the question in the member's queue without it). */
export const reviewAnswerSchema = z.object({
  questionId: z.string().trim().min(1).max(64),
  quizId: z.string().trim().min(1).max(64).optional(),
  answer: z.enum(ANSWER_LETTERS, { error: '回答はA〜Dから選んでください' }),
  /** Seconds spent on the question (for the day's study time). */
  timeSpent: z.number().min(0).max(3600).default(0),
});
export type ReviewAnswerInput = z.input<typeof reviewAnswerSchema>;

export const reviewAnswerResultSchema = z.object({
  isCorrect: z.boolean(),
  correctAnswer: z.enum(ANSWER_LETTERS),
  explanation: z.string().nullable(),
  /** The next review day (Japan); null once mastered. */
  nextReviewDate: z.string().nullable(),
  /** Set by the third right review in a row: the question has left the queue. */
  masteredAt: z.string().nullable(),
});
export type ReviewAnswerResult = z.infer<typeof reviewAnswerResultSchema>;

/** `{ deleted: true, message }` of a plan's or a to-do's deletion. */
export const learningDeletedSchema = z.object({ deleted: z.literal(true), message: z.string() });
