import { ACTIVITY_TEXT, ACHIEVEMENTS, type AchievementKey } from '@shared/learning-constants';
import type { ActivityItem, RecentAttempt, UserStats } from '@shared/learning';
import type { Question } from '@shared/quiz-schemas';

/**
 * The profile page's numbers and lists (docs/spec/core-platform.md §3, §7), as pure functions of the member's
 * records read by activity.ts: the stats from the profile's counters, the latest result per quiz
 * with its mistakes, and the activity list.
 */

/** The activity list's length. */
const ACTIVITY_ITEMS = 5;
/** Quizzes whose latest result the profile shows. */
export const RECENT_QUIZZES = 10;

/** The counters the profile item keeps (record-store.ts), each absent until first counted. */
export interface ProfileCounters {
  quizCount?: number;
  quizzesCompleted?: number;
  correctAnswers?: number;
  answeredQuestions?: number;
  totalPoints?: number;
  proLastPaidAt?: string | null;
}

/** `GET /api/user/stats` from the counters: the average score is right answers over all answered, in percent. */
export function statsOf(counters: ProfileCounters | undefined): UserStats {
  const answered = Number(counters?.answeredQuestions ?? 0);
  return {
    quizzesCreated: Number(counters?.quizCount ?? 0),
    quizzesCompleted: Number(counters?.quizzesCompleted ?? 0),
    averageScore: answered ? Math.round((Number(counters?.correctAnswers ?? 0) / answered) * 100) : 0,
    totalPoints: Number(counters?.totalPoints ?? 0),
    proLastPaidAt: counters?.proLastPaidAt ?? null,
  };
}

/** A finished play as the profile reads it. */
export interface PlayRecord {
  id: string;
  quizId: string;
  score: number;
  totalQuestions: number;
  answers: Record<string, string>;
  completedAt: string;
}

/** The latest play of each quiz (plays newest first), for the last `RECENT_QUIZZES` quizzes played. */
export function latestPerQuiz<T extends PlayRecord>(plays: readonly T[]): T[] {
  const latest: T[] = [];
  for (const play of plays) {
    if (latest.some((seen) => seen.quizId === play.quizId)) continue;
    latest.push(play);
    if (latest.length === RECENT_QUIZZES) break;
  }
  return latest;
}

const correctRate = (play: PlayRecord) =>
  play.totalQuestions ? Math.round((play.score / play.totalQuestions) * 100) : 0;

const optionText = (question: Question, letter: string) =>
  letter === '-' ? ACTIVITY_TEXT.unanswered : `${letter}: ${question[`option${letter}` as 'optionA'] ?? ''}`;

/** A quiz's latest result with its mistakes: the questions answered (`-` for none) and not right. */
export function recentAttempt(
  play: PlayRecord,
  quiz: { title: string; questions: readonly Question[] },
): RecentAttempt {
  return {
    quizId: play.quizId,
    quizTitle: quiz.title,
    date: play.completedAt,
    correctRate: correctRate(play),
    mistakes: quiz.questions
      .filter(
        (question) =>
          (play.answers[question.id] ?? '-') !== question.correctAnswer && question.id in play.answers,
      )
      .map((question) => ({
        question: question.questionText,
        yourAnswer: optionText(question, play.answers[question.id] ?? '-'),
        correctAnswer: optionText(question, question.correctAnswer),
      })),
  };
}

/**
 * The activity list: the latest plays, quizzes created and achievements (each list newest first),
 * merged and cut to the newest `ACTIVITY_ITEMS`. A play of a quiz whose title is not known is
 * named 「クイズ」; an achievement says what it says today.
 */
export function activityOf(input: {
  plays: readonly PlayRecord[];
  titles: ReadonlyMap<string, string>;
  created: readonly { id: string; title: string; createdAt: string }[];
  achievements: readonly { key: AchievementKey; title: string; description: string; achievedAt: string }[];
}): ActivityItem[] {
  return [
    ...input.plays.slice(0, ACTIVITY_ITEMS).map((play) => ({
      id: play.id,
      type: 'quiz_completed' as const,
      title: input.titles.get(play.quizId) ?? ACTIVITY_TEXT.untitledQuiz,
      description: ACTIVITY_TEXT.score(play.score, play.totalQuestions),
      score: correctRate(play),
      date: play.completedAt,
    })),
    ...input.created.slice(0, ACTIVITY_ITEMS).map((quiz) => ({
      id: `created-${quiz.id}`,
      type: 'quiz_created' as const,
      title: quiz.title,
      description: ACTIVITY_TEXT.quizCreated,
      score: null,
      date: quiz.createdAt,
    })),
    ...input.achievements.map((achievement) => ({
      id: `achievement-${achievement.key}`,
      type: 'achievement' as const,
      title: ACHIEVEMENTS[achievement.key]?.title ?? achievement.title,
      description: ACHIEVEMENTS[achievement.key]?.description ?? achievement.description,
      score: null,
      date: achievement.achievedAt,
    })),
  ]
    .sort((a, b) => b.date.localeCompare(a.date))
    .slice(0, ACTIVITY_ITEMS);
}
