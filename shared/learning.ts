import * as z from 'zod';
import { ANSWER_LETTERS } from './constants';

/**
 * A member's learning records: stats, activity, achievements and study records (docs/spec/core-platform.md §3, §7).
 * Points: 10 per correct answer, plus 50 for a perfect score (docs/decisions.md).
 */
export const POINTS_PER_CORRECT = 10;
export const PERFECT_BONUS = 50;

export const ACHIEVEMENTS = {
  first_completion: { title: 'はじめの一歩', description: '初めてクイズを最後まで解きました' },
  first_perfect: { title: 'パーフェクト！', description: '初めて全問正解しました' },
  ten_completions: { title: 'クイズ好き', description: 'クイズを10回解きました' },
  first_creation: { title: 'クイズ作家デビュー', description: '初めてクイズを作りました' },
} as const;
export type AchievementKey = keyof typeof ACHIEVEMENTS;

/** The words of the profile's activity list. */
export const ACTIVITY_TEXT = {
  unanswered: '未回答',
  untitledQuiz: 'クイズ',
  quizCreated: 'クイズを作成しました',
  score: (score: number, total: number) => `${total}問中${score}問正解`,
} as const;

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
