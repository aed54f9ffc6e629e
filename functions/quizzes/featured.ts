import { comparators } from '../search/search';
import { daysThisWeek, FALLBACK_WINDOW, LEADERS_PER_DAY, weekTotals } from './featured-policy';
import { dayLeaders } from './featured-store';
import { getQuizzes, listPublicQuizzes, type QuizItem } from './quiz-store';
import { isFeaturable } from './quiz-policy';

/**
 * The featured quiz of the week (docs/decisions.md "Featured quiz of the week"): the quiz with the
 * most players in the last 7 days, Japan time (today and the 6 days before), counting each account
 * once a day, among those that may be featured; when nobody played one this week, the most
 * popular of the newest quizzes. One account replaying a quiz a thousand times adds one a day.
 * The week's rules are in featured-policy.ts, the day's counters in featured-store.ts.
 */
export async function featuredQuiz(now = new Date()): Promise<QuizItem | undefined> {
  const leaders = await Promise.all(daysThisWeek(now).map((day) => dayLeaders(day, LEADERS_PER_DAY)));
  const ranked = weekTotals(leaders.flat());
  // Most players first; the first that may be featured wins (ties: the more popular, then newer).
  for (let at = 0; at < ranked.length; at += 25) {
    const batch = ranked.slice(at, at + 25);
    const players = new Map(batch);
    const quizzes = (await getQuizzes(batch.map(([id]) => id)))
      .filter(isFeaturable)
      .sort((a, b) => players.get(b.id)! - players.get(a.id)! || comparators.popular(a, b));
    if (quizzes[0]) return quizzes[0];
  }
  const recent = await listPublicQuizzes({ limit: FALLBACK_WINDOW, scanLimit: FALLBACK_WINDOW });
  return recent.filter(isFeaturable).sort(comparators.popular)[0];
}
