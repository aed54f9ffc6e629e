import * as z from 'zod';
import { ANSWER_LETTERS } from './constants';

/**
 * A member's progress: stats, activity, achievements and study records (core-platform §3, §7).
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

export interface UserStats {
  quizzesCreated: number;
  quizzesCompleted: number;
  averageScore: number;
  totalPoints: number;
  proLastPaidAt: string | null;
}

export interface ActivityItem {
  id: string;
  type: 'quiz_created' | 'quiz_completed' | 'achievement';
  title: string;
  description: string;
  score: number | null;
  date: string;
}

export interface RecentAttempt {
  quizId: string;
  quizTitle: string;
  date: string;
  correctRate: number;
  mistakes: { question: string; yourAnswer: string; correctAnswer: string }[];
}

export interface ActivityResponse {
  activity: ActivityItem[];
  recentAttempts: RecentAttempt[];
}

/** `POST /api/study/session`: one answered question, sent by the play page (signed in). */
export const studySessionSchema = z.object({
  quizId: z.string().trim().min(1).max(64),
  questionId: z.string().trim().min(1).max(64),
  userAnswer: z.union([z.enum(ANSWER_LETTERS), z.literal('-')]),
  correctAnswer: z.enum(ANSWER_LETTERS).optional(),
  isCorrect: z.boolean().optional(),
  timeSpent: z.number().min(0).max(3600).default(0),
});
export type StudySessionInput = z.input<typeof studySessionSchema>;
