import { ReferenceCache } from '../lib/reference-cache';
import { comparators } from '../search/search';
import {
  daysThisWeek,
  FALLBACK_CANDIDATES,
  FALLBACK_WINDOW,
  LEADERS_PER_DAY,
  playerTiers,
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
 * quiz hidden, reported, made private or deleted stops being featured at once. They are read a
 * tier at a time (`playerTiers`): usually the one quiz with most players, not the week's first 25.
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

/** The first of the ranking's candidates that may still be featured, read now, tier by tier. */
async function firstFeaturable(ranking: Ranking): Promise<QuizItem | undefined> {
  // Most players first; among as many players, the more popular, then the newer.
  for (const tier of playerTiers(ranking.week)) {
    const [best] = (await getQuizzes(tier)).filter(isFeaturable).sort(comparators.popular);
    if (best) return best;
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
