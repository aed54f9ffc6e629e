import {
  ACTIVITY_TEXT,
  ACHIEVEMENTS,
  type ActivityItem,
  type ActivityResponse,
  type RecentAttempt,
  type UserStats,
} from '@shared/learning';
import type { Question } from '@shared/quizzes';
import { queryOwned } from '../data/owned';
import type { AttemptItem } from '../quizzes/attempt';
import { AttemptKeys } from '../quizzes/attempt-keys';
import { getQuizDetail, listOwnQuizzes } from '../quizzes/quiz-store';
import { getUser, type UserItem } from '../users/user-store';
import { listAchievements } from './record-store';

/** The profile page's numbers and lists, all from the member's own records. */
const ACTIVITY_ITEMS = 5;
const RECENT_QUIZZES = 10;

export async function userStats(user: UserItem): Promise<UserStats> {
  const fresh = (await getUser(user.id)) as
    | (UserItem & {
        quizCount?: number;
        quizzesCompleted?: number;
        correctAnswers?: number;
        answeredQuestions?: number;
        totalPoints?: number;
      })
    | undefined;
  const answered = Number(fresh?.answeredQuestions ?? 0);
  return {
    quizzesCreated: Number(fresh?.quizCount ?? 0),
    quizzesCompleted: Number(fresh?.quizzesCompleted ?? 0),
    averageScore: answered ? Math.round((Number(fresh?.correctAnswers ?? 0) / answered) * 100) : 0,
    totalPoints: Number(fresh?.totalPoints ?? 0),
    proLastPaidAt: fresh?.proLastPaidAt ?? null,
  };
}

const latestAttempts = (userId: string, limit: number) =>
  queryOwned<AttemptItem>(userId, AttemptKeys, { newestFirst: true, maxItems: limit });

const optionText = (question: Question, letter: string) =>
  letter === '-' ? ACTIVITY_TEXT.unanswered : `${letter}: ${question[`option${letter}` as 'optionA'] ?? ''}`;

export async function userActivity(user: UserItem): Promise<ActivityResponse> {
  const [attempts, quizzes, achievements] = await Promise.all([
    latestAttempts(user.id, 100),
    listOwnQuizzes(user.id),
    listAchievements(user.id),
  ]);

  // The latest result per quiz, for the last 10 quizzes played.
  const latestPerQuiz: AttemptItem[] = [];
  for (const attempt of attempts) {
    if (latestPerQuiz.some((seen) => seen.quizId === attempt.quizId)) continue;
    latestPerQuiz.push(attempt);
    if (latestPerQuiz.length === RECENT_QUIZZES) break;
  }
  const details = await Promise.all(latestPerQuiz.map((attempt) => getQuizDetail(attempt.quizId)));
  const recentAttempts: RecentAttempt[] = [];
  latestPerQuiz.forEach((attempt, index) => {
    const detail = details[index];
    if (!detail) return;
    recentAttempts.push({
      quizId: attempt.quizId,
      quizTitle: detail.quiz.title,
      date: attempt.completedAt,
      correctRate: attempt.totalQuestions ? Math.round((attempt.score / attempt.totalQuestions) * 100) : 0,
      mistakes: detail.questions
        .filter(
          (question) =>
            (attempt.answers[question.id] ?? '-') !== question.correctAnswer &&
            question.id in attempt.answers,
        )
        .map((question) => ({
          question: question.questionText,
          yourAnswer: optionText(question, attempt.answers[question.id] ?? '-'),
          correctAnswer: optionText(question, question.correctAnswer),
        })),
    });
  });

  const titles = new Map(details.filter(Boolean).map((detail) => [detail!.quiz.id, detail!.quiz.title]));
  const activity: ActivityItem[] = [
    ...attempts.slice(0, ACTIVITY_ITEMS).map((attempt) => ({
      id: attempt.id,
      type: 'quiz_completed' as const,
      title: titles.get(attempt.quizId) ?? ACTIVITY_TEXT.untitledQuiz,
      description: ACTIVITY_TEXT.score(attempt.score, attempt.totalQuestions),
      score: attempt.totalQuestions ? Math.round((attempt.score / attempt.totalQuestions) * 100) : 0,
      date: attempt.completedAt,
    })),
    ...quizzes.slice(0, ACTIVITY_ITEMS).map((quiz) => ({
      id: `created-${quiz.id}`,
      type: 'quiz_created' as const,
      title: quiz.title,
      description: ACTIVITY_TEXT.quizCreated,
      score: null,
      date: quiz.createdAt,
    })),
    ...achievements.map((achievement) => ({
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
  return { activity, recentAttempts };
}
