import type { ActivityResponse, RecentAttempt, UserStats } from '@shared/learning';
import { queryOwned } from '../data/owned';
import type { AttemptItem } from '../quizzes/attempt-store';
import { AttemptKeys } from '../quizzes/attempt-keys';
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
  const details = await Promise.all(latest.map((attempt) => getQuizDetail(attempt.quizId)));
  const recentAttempts: RecentAttempt[] = latest.flatMap((attempt, index) => {
    const detail = details[index];
    return detail ? [recentAttempt(attempt, { title: detail.quiz.title, questions: detail.questions })] : [];
  });
  const titles = new Map(details.filter(Boolean).map((detail) => [detail!.quiz.id, detail!.quiz.title]));
  const activity = activityOf({ plays: attempts, titles, created: quizzes, achievements });
  return { activity, recentAttempts };
}
