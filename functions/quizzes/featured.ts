import { ignoreConditionFailed } from '../data/errors';
import { db } from '../data/db';
import { queryAll } from '../data/paginate';
import { INDEX, ttlFromDate } from '../data/table';
import type { NamedItem } from '../data/transact';
import { japanDate } from '../lib/japan-time';
import { comparators } from '../search/search';
import { DailyPlayersKeys } from './featured-keys';
import { getQuizzes, listPublicQuizzes, type QuizItem } from './quiz-store';
import { isFeaturable } from './quiz-policy';

/**
 * The featured quiz of the week (docs/decisions.md "Featured quiz of the week"): the quiz with the
 * most players in the last 7 days, Japan time (today and the 6 days before), counting each account
 * once a day, among those that may be featured; when nobody played one this week, the most
 * popular of the newest quizzes. One account replaying a quiz a thousand times adds one a day.
 *
 * Players are counted per quiz and day (`DAYPLAYERS#<day>` in the quiz's partition), in the
 * transaction of a member's first finished play of the quiz that day (attempt.ts: the player mark
 * moves its `lastPlayedDay` to the day on condition it was earlier, in the same transaction), so
 * each one counts exactly once whatever runs in parallel. Each day's counters are also listed in
 * the `byCollection` index under `DAYPLAYERS#<day>`, most players first, so the read is 7 small
 * queries and never a scan.
 */
const DAYS = 7;
/** The quizzes with most players read of each day; a week's total adds up the days a quiz is among them. */
const LEADERS_PER_DAY = 20;
/** The newest public quizzes the fallback chooses from. */
const FALLBACK_WINDOW = 200;

const dayKeys = (quizId: string, now: Date) => DailyPlayersKeys.key({ quizId, day: japanDate(now) });

/** A day leaves the week after 7 days; its counters stay one more, then DynamoDB removes them. */
const dayTtl = (day: string) =>
  ttlFromDate(new Date(Date.parse(`${day}T00:00:00+09:00`) + (DAYS + 1) * 86_400_000));

/** The transaction item of a member's first finished play of a quiz today (Japan time) that counts them. */
export function countDailyPlayer(quizId: string, now: Date): NamedItem {
  const day = japanDate(now);
  return {
    Update: {
      Key: dayKeys(quizId, now),
      UpdateExpression: 'ADD players :one SET quizId = :quizId, #day = :day, #ttl = :ttl',
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

const rankText = (players: number, quizId: string) => `${String(players).padStart(10, '0')}#${quizId}`;

/**
 * After a new player of the day is saved: the day's listing follows the new count. Of plays saved
 * at once, the one that read the latest count writes it (the condition keeps an older count from
 * overwriting it); if this fails the count itself is still right, and the next new player lists it.
 */
export async function listDailyPlayers(quizId: string, now: Date): Promise<void> {
  const key = dayKeys(quizId, now);
  const count = Number(
    (await db.get({ Key: key, ConsistentRead: true, ProjectionExpression: 'players' })).Item?.players,
  );
  if (!count) return;
  await db
    .update({
      Key: key,
      UpdateExpression: 'SET gsi1pk = :collection, gsi1sk = :rank',
      ConditionExpression: 'players = :players',
      ExpressionAttributeValues: {
        ':collection': DailyPlayersKeys.collectionPk({ day: japanDate(now) }),
        ':rank': rankText(count, quizId),
        ':players': count,
      },
    })
    .catch(ignoreConditionFailed);
}

/** The days a player still counts on this week, Japan time, today first. */
export const daysThisWeek = (now: Date) =>
  Array.from({ length: DAYS }, (_, back) => japanDate(new Date(now.getTime() - back * 86_400_000)));

/**
 * Sets a day's count from the players found (the backfill counts the accounts in attempts): never
 * lower than what live plays have counted meanwhile, so it is safe to run alongside them and to
 * run again.
 */
export async function recountDailyPlayers(quizId: string, day: string, players: number): Promise<void> {
  await db
    .update({
      Key: DailyPlayersKeys.key({ quizId, day }),
      UpdateExpression:
        'SET players = :players, quizId = :quizId, #day = :day, #ttl = :ttl, gsi1pk = :collection, gsi1sk = :rank',
      ConditionExpression: 'attribute_not_exists(players) OR players <= :players',
      ExpressionAttributeNames: { '#day': 'day', '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':players': players,
        ':quizId': quizId,
        ':day': day,
        ':ttl': dayTtl(day),
        ':collection': DailyPlayersKeys.collectionPk({ day }),
        ':rank': rankText(players, quizId),
      },
    })
    .catch(ignoreConditionFailed);
}

/** Players of the last 7 days (Japan time, each account once a day) of the leading quizzes, most first. */
async function playersThisWeek(now: Date): Promise<[string, number][]> {
  const leaders = await Promise.all(
    daysThisWeek(now).map((day) =>
      queryAll<{ quizId: string; players: number }>(
        {
          index: INDEX.byCollection,
          partition: DailyPlayersKeys.collectionPk({ day }),
          newestFirst: true,
          ProjectionExpression: 'quizId, players',
        },
        { maxItems: LEADERS_PER_DAY },
      ),
    ),
  );
  const totals = new Map<string, number>();
  for (const entry of leaders.flat())
    totals.set(entry.quizId, (totals.get(entry.quizId) ?? 0) + Number(entry.players));
  return [...totals].sort(([, a], [, b]) => b - a);
}

export async function featuredQuiz(now = new Date()): Promise<QuizItem | undefined> {
  const ranked = await playersThisWeek(now);
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
