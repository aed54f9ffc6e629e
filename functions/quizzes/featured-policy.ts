import { japanDate } from '../lib/japan-time';

/**
 * The rules of the featured quiz of the week (docs/decisions.md "Featured quiz of the week"), as
 * pure functions of the days' counts and the time: which days make the week (Japan time, today and
 * the 6 days before), how a day's counts rank, how the week's totals add up, and how long a day's
 * counters are kept. featured-store.ts counts, featured.ts chooses.
 */

/** The days a player counts on. */
const FEATURED_DAYS = 7;

/** The quizzes with most players read of each day; a week's total adds up the days a quiz is among them. */
export const LEADERS_PER_DAY = 20;

/** The newest public quizzes the fallback chooses from (when nobody played one this week). */
export const FALLBACK_WINDOW = 200;

/** Of those, the most popular kept as the fallback's candidates (one batch read). */
export const FALLBACK_CANDIDATES = 25;

/** The days a player still counts on this week, Japan time, today first. */
export const daysThisWeek = (now: Date) =>
  Array.from({ length: FEATURED_DAYS }, (_, back) => japanDate(new Date(now.getTime() - back * 86_400_000)));

/** A day's count as its listing sorts it (most players first read backwards): 10 digits, then the quiz. */
export const rankText = (players: number, quizId: string) => `${String(players).padStart(10, '0')}#${quizId}`;

/** A day leaves the week after 7 days; its counters stay one more, then DynamoDB removes them. */
export const dayKeptUntil = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00+09:00`) + (FEATURED_DAYS + 1) * 86_400_000);

/** The week's players per quiz from each day's leaders, most first. */
export function weekTotals(leaders: readonly { quizId: string; players: number }[]): [string, number][] {
  const totals = new Map<string, number>();
  for (const entry of leaders)
    totals.set(entry.quizId, (totals.get(entry.quizId) ?? 0) + Number(entry.players));
  return [...totals].sort(([, a], [, b]) => b - a);
}

/**
 * The week's candidates in the order they are tried: each tier the quizzes with as many players as
 * each other, most first. Only a tier's own items can order it (the more popular, then the newer),
 * so a home page reads the first tier, and the next only when none of it may be featured: usually
 * one quiz, not the whole week's.
 */
export function playerTiers(week: readonly (readonly [string, number])[]): string[][] {
  const tiers: string[][] = [];
  let last: number | undefined;
  for (const [quizId, players] of week) {
    if (players !== last) tiers.push([]);
    tiers.at(-1)!.push(quizId);
    last = players;
  }
  return tiers;
}
