import { ignoreConditionFailed } from '../data/errors';
import { db } from '../data/db';
import { queryAll } from '../data/paginate';
import { INDEX, ttlFromDate } from '../data/table';
import { japanDate } from '../lib/japan-time';
import { dayKeptUntil, rankText } from './featured-policy';
import { DailyPlayersKeys } from './featured-keys';

/**
 * Players are counted per quiz and day (`DAYPLAYERS#<day>` in the quiz's partition), after a
 * member's first finished play of the quiz that day is saved (attempt.ts: the player mark moves its
 * `lastPlayedDay` to the day on condition it was earlier, in the play's transaction), so each one
 * counts exactly once whatever runs in parallel. Each day's counters are also listed in the
 * `byCollection` index under `DAYPLAYERS#<day>`, most players first, so the read is 7 small
 * queries and never a scan.
 */

const dayKeys = (quizId: string, now: Date) => DailyPlayersKeys.key({ quizId, day: japanDate(now) });

/**
 * Counts a member's first finished play of a quiz today (Japan time), by `ADD`: a class playing
 * one quiz at once all count. The day's listing then follows the new count: of plays counted at
 * once, the one that saw the latest count writes it (the condition keeps an older count from
 * overwriting it); if that fails the count itself is still right, and the next new player lists it.
 */
export async function countDailyPlayer(quizId: string, now: Date): Promise<void> {
  const key = dayKeys(quizId, now);
  const day = japanDate(now);
  const counted = await db.update({
    Key: key,
    UpdateExpression: 'ADD players :one SET quizId = :quizId, #day = :day, #ttl = :ttl',
    ExpressionAttributeNames: { '#day': 'day', '#ttl': 'ttl' },
    ExpressionAttributeValues: {
      ':one': 1,
      ':quizId': quizId,
      ':day': day,
      ':ttl': ttlFromDate(dayKeptUntil(day)),
    },
    ReturnValues: 'UPDATED_NEW',
  });
  const count = Number(counted.Attributes?.players);
  if (!count) return;
  await db
    .update({
      Key: key,
      UpdateExpression: 'SET gsi1pk = :collection, gsi1sk = :rank',
      ConditionExpression: 'players = :players',
      ExpressionAttributeValues: {
        ':collection': DailyPlayersKeys.collectionPk({ day }),
        ':rank': rankText(count, quizId),
        ':players': count,
      },
    })
    .catch(ignoreConditionFailed);
}

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
        ':ttl': ttlFromDate(dayKeptUntil(day)),
        ':collection': DailyPlayersKeys.collectionPk({ day }),
        ':rank': rankText(players, quizId),
      },
    })
    .catch(ignoreConditionFailed);
}

/** The `max` quizzes with most players on `day`, most first. */
export const dayLeaders = (day: string, max: number) =>
  queryAll<{ quizId: string; players: number }>(
    {
      index: INDEX.byCollection,
      partition: DailyPlayersKeys.collectionPk({ day }),
      newestFirst: true,
      ProjectionExpression: 'quizId, players',
    },
    { maxItems: max },
  );
