import { ATTEMPT_MESSAGES } from '@shared/attempt-messages';
import { QUIZ_MESSAGES } from '@shared/quizzes';
import { deleteItems, type ItemKey } from '../data/batch';
import { addCounters } from '../data/counters';
import { db } from '../data/db';
import { isConditionFailed } from '../data/errors';
import { ttlFromDate } from '../data/table';
import { transactWrite, type NamedItem } from '../data/transact';
import { NotFoundError } from '../lib/errors';
import { accountGuard } from '../users/user-store';
import { userKey } from '../users/user-keys';
import { progressKeptUntil, ratingChange, type Answer, type Attempt, type PlayMark } from './attempt-policy';
import { AttemptKeys, attemptKey, PlayerKeys, ProgressKeys } from './attempt-keys';
import { activeQuizCheck } from './quiz-store';
import { quizKey } from './quiz-keys';

/**
 * Attempts (finished plays) live in the quiz's partition (`ATTEMPT#<id>`) and belong to the
 * player (`gsi2pk = USER#<id>`): they go with the quiz and with the account. `PLAYER#<userId>`
 * marks that a person has played the quiz, so `participantCount` counts people and
 * `totalPlayers` counts plays, both atomically; it also holds the person's rating of the quiz.
 */
export interface AttemptItem extends Attempt {
  pk: string;
  sk: string;
  gsi2pk: string;
  gsi2sk: string;
}

/** The player mark's transaction items for a play of this kind (none for another play today). */
function markItems(
  mark: PlayMark,
  quizId: string,
  userId: string,
  day: string,
  completedAt: string,
): NamedItem[] {
  const playerKey = PlayerKeys.key({ quizId, userId });
  if (mark === 'first')
    return [
      {
        name: 'player',
        Put: {
          Item: {
            ...playerKey,
            userId,
            firstPlayedAt: completedAt,
            lastPlayedDay: day,
            ...PlayerKeys.owner({ userId, quizId }),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ];
  if (mark === 'firstToday')
    return [
      {
        name: 'player',
        Update: {
          Key: playerKey,
          UpdateExpression: 'SET lastPlayedDay = :day',
          ConditionExpression:
            'attribute_exists(pk) AND (attribute_not_exists(lastPlayedDay) OR lastPlayedDay < :day)',
          ExpressionAttributeValues: { ':day': day },
        },
      },
    ];
  return [];
}

/**
 * Saves a finished play with the player's own counters, in one transaction: the play, the player
 * mark (as `mark` says; a parallel play of the same person that wrote it first fails the
 * transaction with `ConditionsFailed` naming `player`) and `also` (the player's records). The
 * quiz's counters are not in it (`countPlay`): every player of the quiz writes them, and in a
 * transaction a class finishing at once would cancel each other's plays.
 */
export async function putPlay(
  attempt: Attempt,
  mark: PlayMark,
  day: string,
  now: Date,
  also: readonly NamedItem[],
): Promise<AttemptItem> {
  const item: AttemptItem = {
    ...attemptKey(attempt.id),
    ...attempt,
    ...AttemptKeys.owner({
      userId: attempt.userId,
      completedAt: attempt.completedAt,
      quizId: attempt.quizId,
    }),
  };
  await transactWrite([
    { Put: { Item: item } },
    ...markItems(mark, attempt.quizId, attempt.userId, day, attempt.completedAt),
    ...also,
  ]);
  return item;
}

/**
 * A saved play's count on its quiz: `totalPlayers` (plays) and, for the person's first,
 * `participantCount` (people), by `ADD` so any number of players count at once, with
 * `analytics.add` (the play's part in the author's analytics totals, in the same write). When
 * the quiz was deleted since the play read it, the play, a first player mark and
 * `analytics.written` are removed with it (they live in its partition, which the deletion has
 * emptied or is emptying) and the play is refused (404). Written after the analytics items, so
 * its condition is also what keeps them from outliving the quiz.
 */
export async function countPlay(
  attempt: AttemptItem,
  mark: PlayMark,
  analytics: { add: Readonly<Record<string, number>>; written: readonly ItemKey[] },
): Promise<void> {
  const add = addCounters({
    totalPlayers: 1,
    ...(mark === 'first' ? { participantCount: 1 } : {}),
    ...analytics.add,
  });
  try {
    await db.update({
      Key: quizKey(attempt.quizId),
      UpdateExpression: add.UpdateExpression,
      ConditionExpression: 'attribute_exists(pk) AND #status = :active',
      ExpressionAttributeNames: { '#status': 'status', ...add.ExpressionAttributeNames },
      ExpressionAttributeValues: { ':active': 'active', ...add.ExpressionAttributeValues },
    });
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    await deleteItems([
      attemptKey(attempt.id),
      ...(mark === 'first' ? [PlayerKeys.key({ quizId: attempt.quizId, userId: attempt.userId })] : []),
      ...analytics.written,
    ]);
    throw new NotFoundError(QUIZ_MESSAGES.notFound);
  }
}

/** The person's player mark of the quiz (the last day they played), read strongly consistent; none before a first play. */
export async function findPlayerMark(
  quizId: string,
  userId: string,
): Promise<{ lastPlayedDay?: string } | undefined> {
  const { Item } = await db.get({
    Key: PlayerKeys.key({ quizId, userId }),
    ConsistentRead: true,
    ProjectionExpression: 'lastPlayedDay',
  });
  return Item as { lastPlayedDay?: string } | undefined;
}

/** How many quizzes the member has completed, as the profile counts them now. */
export async function quizzesCompletedOf(userId: string): Promise<number> {
  const profile = await db.get({
    Key: userKey(userId),
    ProjectionExpression: 'quizzesCompleted',
    ConsistentRead: true,
  });
  return Number(profile.Item?.quizzesCompleted ?? 1);
}

/** Keeps the answers so far of a play in progress, while the account and the quiz live. */
export async function putProgress(
  userId: string,
  quizId: string,
  answers: Record<string, Answer>,
  now: Date,
): Promise<void> {
  await transactWrite([
    accountGuard(userId),
    activeQuizCheck(quizId),
    {
      Put: {
        Item: {
          ...ProgressKeys.key({ quizId, userId }),
          userId,
          answers,
          updatedAt: now.toISOString(),
          ttl: ttlFromDate(progressKeptUntil(now)),
          ...ProgressKeys.owner({ userId, quizId }),
        },
      },
    },
  ]);
}

/** A finished play, read strongly consistent. */
export async function findAttempt(attemptId: string): Promise<AttemptItem | undefined> {
  const found = await db.get({ Key: attemptKey(attemptId), ConsistentRead: true });
  return found.Item as AttemptItem | undefined;
}

/** The person's rating of the quiz as their player mark holds it: null before a first rating; undefined without a mark. */
export async function findRating(quizId: string, userId: string): Promise<number | null | undefined> {
  const player = await db.get({ Key: PlayerKeys.key({ quizId, userId }), ConsistentRead: true });
  if (!player.Item) return undefined;
  return typeof player.Item.rating === 'number' ? player.Item.rating : null;
}

/**
 * Rates a play and replaces the person's rating of the quiz, on the condition that it is still
 * `previous` (else `ConditionsFailed` naming `player`); the quiz's sum and count move by the
 * change with `ADD`, so any number of people can rate at once. 404 when the play or quiz is gone.
 */
export async function putRating(
  attempt: Pick<Attempt, 'id' | 'quizId' | 'userId'>,
  rating: number,
  previous: number | null,
): Promise<void> {
  const notFound = () => new NotFoundError(ATTEMPT_MESSAGES.notFound);
  const change = ratingChange(rating, previous);
  await transactWrite([
    accountGuard(attempt.userId),
    {
      Update: {
        Key: attemptKey(attempt.id),
        UpdateExpression: 'SET rating = :rating',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':rating': rating },
      },
      onConditionFailed: notFound,
    },
    {
      name: 'player',
      Update: {
        Key: PlayerKeys.key({ quizId: attempt.quizId, userId: attempt.userId }),
        UpdateExpression: 'SET rating = :rating',
        ConditionExpression:
          previous === null ? 'attribute_exists(pk) AND attribute_not_exists(rating)' : 'rating = :previous',
        ExpressionAttributeValues: {
          ':rating': rating,
          ...(previous === null ? {} : { ':previous': previous }),
        },
      },
    },
    {
      Update: {
        Key: quizKey(attempt.quizId),
        UpdateExpression: 'ADD ratingSum :difference, ratingCount :added',
        ConditionExpression: 'attribute_exists(pk) AND #status = :active',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':difference': change.difference,
          ':added': change.added,
          ':active': 'active',
        },
      },
      onConditionFailed: notFound,
    },
  ]);
}
