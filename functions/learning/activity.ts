import type { ActivityResponse, RecentAttempt, UserStats } from '@shared/learning';
import { queryOwned } from '../data/owned';
import type { AttemptItem } from '../quizzes/attempt-store';
import { AttemptKeys } from '../quizzes/attempt-keys';
import { canView } from '../quizzes/quiz-policy';
import { getQuizDetail, listOwnQuizzes } from '../quizzes/quiz-store';
import { getUser, type UserItem } from '../users/user-store';
import { activityOf, latestPerQuiz, recentAttempt, statsOf, type ProfileCounters } from './activity-policy';
import { listAchievements } from './record-store';

/**
 * The profile page's numbers and lists, all from the member's own records: read here, put
 * together by activity-policy.ts.
 */

/** `GET /api/user/stats`, from the counters as they stand. */
export async function userStats(user: UserItem): Promise<UserStats> {
  return statsOf((await getUser(user.id)) as (UserItem & ProfileCounters) | undefined);
}

const latestAttempts = (userId: string, limit: number) =>
  queryOwned<AttemptItem>(userId, AttemptKeys, { newestFirst: true, maxItems: limit });

/** `GET /api/user/activity`: the activity list and the latest result of the last 10 quizzes played. */
export async function userActivity(user: UserItem): Promise<ActivityResponse> {
  const [attempts, quizzes, achievements] = await Promise.all([
    latestAttempts(user.id, 100),
    listOwnQuizzes(user.id),
    listAchievements(user.id),
  ]);
  const latest = latestPerQuiz(attempts);
  // A quiz the member may no longer read (made private, hidden, deleted) is shown as none: neither
  // its title nor its questions and answers, which may have changed since.
  const details = await Promise.all(
    latest.map(async (attempt) => {
      const detail = await getQuizDetail(attempt.quizId);
      return detail && canView(detail.quiz, user) ? detail : undefined;
    }),
  );
  const recentAttempts: RecentAttempt[] = latest.flatMap((attempt, index) => {
    const detail = details[index];
    return detail ? [recentAttempt(attempt, { title: detail.quiz.title, questions: detail.questions })] : [];
  });
  const titles = new Map(details.filter(Boolean).map((detail) => [detail!.quiz.id, detail!.quiz.title]));
  const activity = activityOf({ plays: attempts, titles, created: quizzes, achievements });
  return { activity, recentAttempts };
}
