import { ReferenceCache } from '../lib/reference-cache';
import { comparators } from '../search/search';
import {
  daysThisWeek,
  FALLBACK_CANDIDATES,
  FALLBACK_WINDOW,
  LEADERS_PER_DAY,
  weekTotals,
} from './featured-policy';
import { dayLeaders } from './featured-store';
import { getQuizzes, listPublicQuizzes, type QuizItem } from './quiz-store';
import { isFeaturable } from './quiz-policy';

/**
 * The featured quiz of the week (docs/decisions.md "Featured quiz of the week"): the quiz with the
 * most players in the last 7 days, Japan time (today and the 6 days before), counting each account
 * once a day, among those that may be featured; when nobody played one this week, the most
 * popular of the newest quizzes. One account replaying a quiz a thousand times adds one a day.
 * The week's rules are in featured-policy.ts, the day's counters in featured-store.ts.
 *
 * The week's ranking (which quizzes, in which order) is reference data: a warm function keeps it
 * for `REFERENCE_CACHE_SECONDS`, as it keeps the categories, so the home page's busiest call is
 * one read of the candidates instead of eight. The candidates themselves are read every time, so a
 * quiz hidden, reported, made private or deleted stops being featured at once.
 */
interface Ranking {
  /** Quiz ids with their players this week, most first (empty when nobody played this week). */
  week: [string, number][];
  /**
   * When none of the week's quizzes may be featured: the most popular of the newest public
   * quizzes, best first (found the first time it is needed).
   */
  fallback?: string[];
}

const rankings = new ReferenceCache<Ranking>();

const ranking = (now: Date, reload: boolean) =>
  rankings.get(
    async () => {
      const leaders = await Promise.all(daysThisWeek(now).map((day) => dayLeaders(day, LEADERS_PER_DAY)));
      return { week: weekTotals(leaders.flat()) };
    },
    now.getTime(),
    reload,
  );

const newestPopular = async () =>
  (await listPublicQuizzes({ limit: FALLBACK_WINDOW, scanLimit: FALLBACK_WINDOW }))
    .filter(isFeaturable)
    .sort(comparators.popular)
    .slice(0, FALLBACK_CANDIDATES)
    .map((quiz) => quiz.id);

/** The first of the ranking's candidates that may still be featured, read now. */
async function firstFeaturable(ranking: Ranking): Promise<QuizItem | undefined> {
  const { week } = ranking;
  // Most players first; the first that may be featured wins (ties: the more popular, then newer).
  for (let at = 0; at < week.length; at += 25) {
    const batch = week.slice(at, at + 25);
    const players = new Map(batch);
    const quizzes = (await getQuizzes(batch.map(([id]) => id)))
      .filter(isFeaturable)
      .sort((a, b) => players.get(b.id)! - players.get(a.id)! || comparators.popular(a, b));
    if (quizzes[0]) return quizzes[0];
  }
  ranking.fallback ??= await newestPopular();
  return (await getQuizzes(ranking.fallback)).filter(isFeaturable).sort(comparators.popular)[0];
}

export async function featuredQuiz(now = new Date()): Promise<QuizItem | undefined> {
  const kept = rankings.current;
  const current = await ranking(now, false);
  const featured = await firstFeaturable(current);
  // A kept ranking whose candidates have all stopped being featurable is read again.
  return featured ?? (current === kept ? firstFeaturable(await ranking(now, true)) : undefined);
}
