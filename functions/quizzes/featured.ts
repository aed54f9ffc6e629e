import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { db } from '../data/db';
import { queryAll } from '../data/paginate';
import { INDEX, ttlFromDate } from '../data/table';
import type { NamedItem } from '../data/transact';
import { japanDate } from '../lib/japan-time';
import { comparators } from '../search/search';
import { DailyPlaysKeys } from './featured-keys';
import { getQuizzes, isFeaturable, listPublicQuizzes, type QuizItem } from './quiz';

/**
 * The featured quiz of the week (docs/decisions.md "Featured quiz of the week"): the quiz played
 * most in the last 7 days, Japan time (today and the 6 days before), among those that may be
 * featured; when nobody played one this week, the most popular of the newest quizzes.
 *
 * Plays are counted per quiz and day (`PLAYS#<day>` in the quiz's partition), in the transaction
 * of each finished play, so each play counts exactly once. Each day's counters are also listed in
 * the `byCollection` index under `PLAYS#<day>`, most played first, so the read is 7 small queries
 * and never a scan.
 */
const DAYS = 7;
/** The most played quizzes read of each day; a week's total adds up the days a quiz is among them. */
const LEADERS_PER_DAY = 20;
/** The newest public quizzes the fallback chooses from. */
const FALLBACK_WINDOW = 200;

const dayKeys = (quizId: string, now: Date) => DailyPlaysKeys.key({ quizId, day: japanDate(now) });

/** A day leaves the week after 7 days; its counters stay one more, then DynamoDB removes them. */
const dayTtl = (day: string) =>
  ttlFromDate(new Date(Date.parse(`${day}T00:00:00+09:00`) + (DAYS + 1) * 86_400_000));

/** The transaction item of a finished play that counts it for today (Japan time). */
export function countDailyPlay(quizId: string, now: Date): NamedItem {
  const day = japanDate(now);
  return {
    Update: {
      Key: dayKeys(quizId, now),
      UpdateExpression: 'ADD plays :one SET quizId = :quizId, #day = :day, #ttl = :ttl',
      ExpressionAttributeNames: { '#day': 'day', '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':one': 1,
        ':quizId': quizId,
        ':day': day,
        ':ttl': dayTtl(day),
      },
    },
  };
}

const rankText = (plays: number, quizId: string) => `${String(plays).padStart(10, '0')}#${quizId}`;

/**
 * After a play is saved: the day's listing follows the new count. Of plays saved at once, the one
 * that read the latest count writes it (the condition keeps an older count from overwriting it);
 * if this fails the count itself is still right, and the next play lists it.
 */
export async function listDailyPlays(quizId: string, now: Date): Promise<void> {
  const key = dayKeys(quizId, now);
  const count = Number(
    (await db.get({ Key: key, ConsistentRead: true, ProjectionExpression: 'plays' })).Item?.plays,
  );
  if (!count) return;
  await db
    .update({
      Key: key,
      UpdateExpression: 'SET gsi1pk = :collection, gsi1sk = :rank',
      ConditionExpression: 'plays = :plays',
      ExpressionAttributeValues: {
        ':collection': DailyPlaysKeys.collectionPk({ day: japanDate(now) }),
        ':rank': rankText(count, quizId),
        ':plays': count,
      },
    })
    .catch((error: unknown) => {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    });
}

/** The days a play still counts on this week, Japan time, today first. */
export const daysThisWeek = (now: Date) =>
  Array.from({ length: DAYS }, (_, back) => japanDate(new Date(now.getTime() - back * 86_400_000)));

/**
 * Sets a day's count from the plays found (the backfill counts attempts): never lower than what
 * live plays have counted meanwhile, so it is safe to run alongside them and to run again.
 */
export async function recountDailyPlays(quizId: string, day: string, plays: number): Promise<void> {
  await db
    .update({
      Key: DailyPlaysKeys.key({ quizId, day }),
      UpdateExpression:
        'SET plays = :plays, quizId = :quizId, #day = :day, #ttl = :ttl, gsi1pk = :collection, gsi1sk = :rank',
      ConditionExpression: 'attribute_not_exists(plays) OR plays <= :plays',
      ExpressionAttributeNames: { '#day': 'day', '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':plays': plays,
        ':quizId': quizId,
        ':day': day,
        ':ttl': dayTtl(day),
        ':collection': DailyPlaysKeys.collectionPk({ day }),
        ':rank': rankText(plays, quizId),
      },
    })
    .catch((error: unknown) => {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    });
}

/** Plays of the last 7 days (Japan time) of the most played quizzes, most first. */
async function playsThisWeek(now: Date): Promise<[string, number][]> {
  const leaders = await Promise.all(
    daysThisWeek(now).map((day) =>
      queryAll<{ quizId: string; plays: number }>(
        {
          index: INDEX.byCollection,
          partition: DailyPlaysKeys.collectionPk({ day }),
          newestFirst: true,
          ProjectionExpression: 'quizId, plays',
        },
        { maxItems: LEADERS_PER_DAY },
      ),
    ),
  );
  const totals = new Map<string, number>();
  for (const entry of leaders.flat())
    totals.set(entry.quizId, (totals.get(entry.quizId) ?? 0) + Number(entry.plays));
  return [...totals].sort(([, a], [, b]) => b - a);
}

export async function featuredQuiz(now = new Date()): Promise<QuizItem | undefined> {
  const ranked = await playsThisWeek(now);
  // Most played first; the first that may be featured wins (ties: the more popular, then newer).
  for (let at = 0; at < ranked.length; at += 25) {
    const batch = ranked.slice(at, at + 25);
    const plays = new Map(batch);
    const quizzes = (await getQuizzes(batch.map(([id]) => id)))
      .filter(isFeaturable)
      .sort((a, b) => plays.get(b.id)! - plays.get(a.id)! || comparators.popular(a, b));
    if (quizzes[0]) return quizzes[0];
  }
  const recent = await listPublicQuizzes({ limit: FALLBACK_WINDOW, scanLimit: FALLBACK_WINDOW });
  return recent.filter(isFeaturable).sort(comparators.popular)[0];
}
