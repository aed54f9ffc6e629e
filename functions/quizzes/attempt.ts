import { randomUUID } from 'node:crypto';
import { ATTEMPT_MESSAGES } from '@shared/attempts';
import type { AnswerLetter } from '@shared/constants';
import { db } from '../data/db';
import { ttlFromDate } from '../data/table';
import { backoffMs, pause, RETRY } from '../data/retry';
import { ConditionsFailed } from '../data/errors';
import { transactWrite } from '../data/transact';
import { NotFoundError, UnauthorizedError } from '../lib/errors';
import type { Logger } from '../lib/logger';
import { emitMetric, METRIC } from '../lib/metrics';
import { completionAchievements } from '../learning/record-policy';
import { completionItems, grantAchievements } from '../learning/record-store';
import { accountGuard, type UserItem } from '../users/user-store';
import { userKey } from '../users/user-keys';
import { AttemptKeys, attemptKey, PlayerKeys, ProgressKeys } from './attempt-keys';
import { japanDate } from '../lib/japan-time';
import { countDailyPlayer, listDailyPlayers } from './featured';
import { activeQuizCheck } from './quiz-store';
import { viewableQuizDetail } from './quiz';
import { quizKey } from './quiz-keys';

/**
 * Attempts (finished plays) live in the quiz's partition (`ATTEMPT#<id>`) and belong to the
 * player (`gsi2pk = USER#<id>`): they go with the quiz and with the account. The server scores
 * every attempt from the stored correct answers. `PLAYER#<userId>` marks that a person has played
 * the quiz, so `participantCount` counts people and `totalPlayers` counts plays, both atomically.
 */
type Answer = AnswerLetter | '-';

export interface AttemptItem {
  pk: string;
  sk: string;
  id: string;
  quizId: string;
  userId: string;
  score: number;
  totalQuestions: number;
  answers: Record<string, Answer>;
  answersByIndex: Record<string, Answer>;
  rating: number | null;
  completedAt: string;
  gsi2pk: string;
  gsi2sk: string;
}

/** Scores and saves a finished play of a quiz the player may see. */
export async function saveAttempt(
  user: UserItem,
  quizId: string,
  input: { answers: Record<string, Answer>; answersByIndex?: Record<string, Answer> | undefined },
  log: Logger,
  now = new Date(),
): Promise<AttemptItem> {
  const { quiz, questions } = await viewableQuizDetail(quizId, user);
  const answers: Record<string, Answer> = {};
  const answersByIndex: Record<string, Answer> = {};
  let score = 0;
  questions.forEach((question, index) => {
    const given = input.answers[question.id] ?? input.answersByIndex?.[String(index)] ?? '-';
    answers[question.id] = given;
    answersByIndex[String(index)] = given;
    if (given === question.correctAnswer) score += 1;
  });
  const id = `${quizId}~${randomUUID()}`;
  const completedAt = now.toISOString();
  const attempt: AttemptItem = {
    ...attemptKey(id),
    id,
    quizId,
    userId: user.id,
    score,
    totalQuestions: questions.length,
    answers,
    answersByIndex,
    rating: null,
    completedAt,
    ...AttemptKeys.owner({ userId: user.id, completedAt, quizId }),
  };
  const quizGone = () => new NotFoundError();
  const playerKey = PlayerKeys.key({ quizId, userId: user.id });
  const day = japanDate(now);
  /**
   * What the play is to the quiz's counters, decided by the player mark in the play's own
   * transaction: a new participant, a returning one's first play today (a new player of the day
   * for the featured quiz), or another play today (counted as a play only).
   */
  type Mark = 'first' | 'firstToday' | 'again';
  const markItems = (mark: Mark) =>
    mark === 'first'
      ? [
          {
            name: 'player',
            Put: {
              Item: {
                ...playerKey,
                userId: user.id,
                firstPlayedAt: completedAt,
                lastPlayedDay: day,
                ...PlayerKeys.owner({ userId: user.id, quizId }),
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ]
      : mark === 'firstToday'
        ? [
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
          ]
        : [];
  const countPlay = (mark: Mark) =>
    transactWrite([
      { Put: { Item: attempt } },
      ...markItems(mark),
      {
        Update: {
          Key: quizKey(quizId),
          UpdateExpression:
            mark === 'first' ? 'ADD totalPlayers :one, participantCount :one' : 'ADD totalPlayers :one',
          ConditionExpression: 'attribute_exists(pk) AND #status = :active',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':one': 1, ':active': 'active' },
        },
        onConditionFailed: quizGone,
      },
      // This week's players, for the featured quiz: each account once a day.
      ...(mark === 'again' ? [] : [countDailyPlayer(quizId, now)]),
      ...completionItems(
        {
          userId: user.id,
          quizId,
          category: quiz.category,
          difficulty: quiz.difficulty,
          questions,
          answers,
          score,
        },
        now,
      ),
    ]);
  // The mark as read says which kind the play is; when a parallel play of the same person wrote
  // it first, the transaction's condition fails and the mark is read again. It only moves forward
  // (none, then an earlier day, then today), so this ends by the third try.
  const kindOf = async (): Promise<Mark> => {
    const { Item } = await db.get({
      Key: playerKey,
      ConsistentRead: true,
      ProjectionExpression: 'lastPlayedDay',
    });
    if (!Item) return 'first';
    return String(Item.lastPlayedDay ?? '') < day ? 'firstToday' : 'again';
  };
  let mark = await kindOf();
  for (let tries = 1; ; tries++) {
    try {
      await countPlay(mark);
      break;
    } catch (error) {
      if (!(mark !== 'again' && tries < 3 && error instanceof ConditionsFailed && error.has('player')))
        throw error;
      mark = await kindOf();
    }
  }
  emitMetric(METRIC.plays);

  if (mark !== 'again')
    await listDailyPlayers(quizId, now).catch((error: unknown) =>
      log.error('listing the day’s players failed', { error }),
    );

  // The play is saved with every counter above; achievements follow from the new total. The play
  // stands whatever happens from here (a retry would count it twice): an achievement missed now is
  // granted at the next play.
  try {
    const profile = await db.get({
      Key: userKey(user.id),
      ProjectionExpression: 'quizzesCompleted',
      ConsistentRead: true,
    });
    await grantAchievements(
      user.id,
      completionAchievements(Number(profile.Item?.quizzesCompleted ?? 1), score, questions.length),
      now,
    );
  } catch (error) {
    if (!(error instanceof UnauthorizedError)) log.error('achievements failed', { error });
  }
  return attempt;
}

/** Keeps the answers so far (at most a day), so a play in progress can be seen and resumed later. */
export async function saveProgress(
  user: UserItem,
  quizId: string,
  answers: Record<string, Answer>,
  now = new Date(),
) {
  await viewableQuizDetail(quizId, user);
  await transactWrite([
    accountGuard(user.id),
    activeQuizCheck(quizId),
    {
      Put: {
        Item: {
          ...ProgressKeys.key({ quizId, userId: user.id }),
          userId: user.id,
          answers,
          updatedAt: now.toISOString(),
          ttl: ttlFromDate(new Date(now.getTime() + 86_400_000)),
          ...ProgressKeys.owner({ userId: user.id, quizId }),
        },
      },
    },
  ]);
}

/**
 * Rates an attempt (1–5, only by the person who played). A person has one rating per quiz, kept
 * on their PLAYER item: rating again (any play of the quiz) replaces it. The quiz's sum and count
 * change by the difference with `ADD`, so any number of people can rate at once; the person's own
 * rating is replaced on the condition that it is still the one read, and read again when another
 * of their ratings won meanwhile.
 */
export async function rateAttempt(user: UserItem, attemptId: string, rating: number): Promise<void> {
  const found = await db.get({ Key: attemptKey(attemptId), ConsistentRead: true });
  const record = found.Item as AttemptItem | undefined;
  if (!record || record.userId !== user.id) throw new NotFoundError(ATTEMPT_MESSAGES.notFound);
  const playerKey = PlayerKeys.key({ quizId: record.quizId, userId: user.id });
  const notFound = () => new NotFoundError(ATTEMPT_MESSAGES.notFound);
  for (let attempt = 1; ; attempt++) {
    const player = await db.get({ Key: playerKey, ConsistentRead: true });
    if (!player.Item) throw notFound();
    const previous = typeof player.Item.rating === 'number' ? player.Item.rating : null;
    try {
      await transactWrite([
        accountGuard(user.id),
        {
          Update: {
            Key: attemptKey(attemptId),
            UpdateExpression: 'SET rating = :rating',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':rating': rating },
          },
          onConditionFailed: notFound,
        },
        {
          name: 'player',
          Update: {
            Key: playerKey,
            UpdateExpression: 'SET rating = :rating',
            ConditionExpression:
              previous === null
                ? 'attribute_exists(pk) AND attribute_not_exists(rating)'
                : 'rating = :previous',
            ExpressionAttributeValues: {
              ':rating': rating,
              ...(previous === null ? {} : { ':previous': previous }),
            },
          },
        },
        {
          Update: {
            Key: quizKey(record.quizId),
            UpdateExpression: 'ADD ratingSum :difference, ratingCount :added',
            ConditionExpression: 'attribute_exists(pk) AND #status = :active',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':difference': rating - (previous ?? 0),
              ':added': previous === null ? 1 : 0,
              ':active': 'active',
            },
          },
          onConditionFailed: notFound,
        },
      ]);
      return;
    } catch (error) {
      // Another rating of theirs changed the PLAYER item after it was read: read it again.
      if (!(error instanceof ConditionsFailed && error.has('player')) || attempt >= RETRY.attempts)
        throw error;
      await pause(backoffMs(attempt));
    }
  }
}
