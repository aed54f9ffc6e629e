import { randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ATTEMPT_MESSAGES } from '@shared/attempts';
import type { AnswerLetter } from '@shared/constants';
import { ttlFromDate } from '../data/table';
import { transactWrite } from '../data/transact';
import { dynamo } from '../lib/aws-clients';
import { getConfig } from '../lib/config';
import { NotFoundError } from '../lib/errors';
import { completionCounters, recordCompletion } from '../progress/progress';
import { userKey, type UserItem } from '../users/user';
import { quizKey, viewableQuizDetail } from './quiz';

/**
 * Attempts (finished plays) live in the quiz's partition (`ATTEMPT#<id>`) and belong to the
 * player (`gsi2pk = USER#<id>`): they go with the quiz and with the account. The server scores
 * every attempt from the stored correct answers. `PLAYER#<userId>` marks that a person has played
 * the quiz, so `participantCount` counts people and `totalPlayers` counts plays, both atomically.
 */
const table = () => getConfig().tableName;
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

const attemptKey = (attemptId: string) => {
  const quizId = attemptId.split('~')[0]!;
  return { pk: `QUIZ#${quizId}`, sk: `ATTEMPT#${attemptId}` };
};

/** Scores and saves a finished play of a quiz the player may see. */
export async function recordAttempt(
  user: UserItem,
  quizId: string,
  input: { answers: Record<string, Answer>; answersByIndex?: Record<string, Answer> | undefined },
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
    gsi2pk: `USER#${user.id}`,
    gsi2sk: `ATTEMPT#${completedAt}#${quizId}`,
  };
  const countPlay = (firstTime: boolean) =>
    transactWrite([
      { Put: { TableName: table(), Item: attempt } },
      completionCounters(user.id, score, questions.length),
      ...(firstTime
        ? [
            {
              Put: {
                TableName: table(),
                Item: {
                  pk: `QUIZ#${quizId}`,
                  sk: `PLAYER#${user.id}`,
                  userId: user.id,
                  firstPlayedAt: completedAt,
                  gsi2pk: `USER#${user.id}`,
                  gsi2sk: `PLAYER#${quizId}`,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ]
        : []),
      {
        Update: {
          TableName: table(),
          Key: quizKey(quizId),
          UpdateExpression: firstTime
            ? 'ADD totalPlayers :one, participantCount :one'
            : 'ADD totalPlayers :one',
          ConditionExpression: 'attribute_exists(pk) AND #status = :active',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':one': 1, ':active': 'active' },
        },
      },
    ]);
  const quizGone = (error: unknown, quizIndex: number) =>
    error instanceof TransactionCanceledException &&
    error.CancellationReasons?.[quizIndex]?.Code === 'ConditionalCheckFailed';
  try {
    await countPlay(true);
  } catch (error) {
    if (quizGone(error, 3)) throw new NotFoundError();
    const reasons = error instanceof TransactionCanceledException ? (error.CancellationReasons ?? []) : [];
    if (reasons[2]?.Code !== 'ConditionalCheckFailed') throw error;
    // Played before: count the play, not a new participant.
    try {
      await countPlay(false);
    } catch (retryError) {
      if (quizGone(retryError, 2)) throw new NotFoundError();
      throw retryError;
    }
  }

  // The attempt and the counters are saved together above; the derived records follow.
  const profile = await dynamo().send(
    new GetCommand({ TableName: table(), Key: userKey(user.id), ProjectionExpression: 'quizzesCompleted' }),
  );
  await recordCompletion(
    {
      userId: user.id,
      quizId,
      category: quiz.category,
      difficulty: quiz.difficulty,
      questions,
      answers,
      score,
      quizzesCompleted: Number(profile.Item?.quizzesCompleted ?? 1),
    },
    now,
  ).catch((error: unknown) =>
    console.error(
      JSON.stringify({ level: 'error', message: 'progress records failed', error: String(error) }),
    ),
  );
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
  await dynamo().send(
    new PutCommand({
      TableName: table(),
      Item: {
        pk: `QUIZ#${quizId}`,
        sk: `PROGRESS#${user.id}`,
        userId: user.id,
        answers,
        updatedAt: now.toISOString(),
        ttl: ttlFromDate(new Date(now.getTime() + 86_400_000)),
        gsi2pk: `USER#${user.id}`,
        gsi2sk: `PROGRESS#${quizId}`,
      },
    }),
  );
}

/**
 * Rates an attempt (1–5, only by the person who played). Re-rating replaces the earlier rating;
 * the quiz's rating sum, count and average change in the same transaction.
 */
export async function rateAttempt(user: UserItem, attemptId: string, rating: number): Promise<void> {
  // A person has one rating per quiz (kept on their PLAYER item): rating another play of the same
  // quiz replaces it rather than adding a second one. Optimistic: read, write with the values read
  // as conditions, and try again if another rating won.
  for (let attempt = 1; ; attempt++) {
    const found = await dynamo().send(
      new GetCommand({ TableName: table(), Key: attemptKey(attemptId), ConsistentRead: true }),
    );
    const record = found.Item as AttemptItem | undefined;
    if (!record || record.userId !== user.id) throw new NotFoundError(ATTEMPT_MESSAGES.notFound);
    const playerKey = { pk: `QUIZ#${record.quizId}`, sk: `PLAYER#${user.id}` };
    const [quiz, player] = await Promise.all([
      dynamo().send(
        new GetCommand({ TableName: table(), Key: quizKey(record.quizId), ConsistentRead: true }),
      ),
      dynamo().send(new GetCommand({ TableName: table(), Key: playerKey, ConsistentRead: true })),
    ]);
    if (!quiz.Item || !player.Item) throw new NotFoundError(ATTEMPT_MESSAGES.notFound);
    const previous = typeof player.Item.rating === 'number' ? player.Item.rating : null;
    const seenSum = Number(quiz.Item.ratingSum ?? 0);
    const seenCount = Number(quiz.Item.ratingCount ?? 0);
    const sum = seenSum - (previous ?? 0) + rating;
    const count = seenCount + (previous === null ? 1 : 0);
    try {
      await transactWrite([
        {
          Update: {
            TableName: table(),
            Key: attemptKey(attemptId),
            UpdateExpression: 'SET rating = :rating',
            ExpressionAttributeValues: { ':rating': rating },
          },
        },
        {
          Update: {
            TableName: table(),
            Key: playerKey,
            UpdateExpression: 'SET rating = :rating',
            ConditionExpression: previous === null ? 'attribute_not_exists(rating)' : 'rating = :previous',
            ExpressionAttributeValues: {
              ':rating': rating,
              ...(previous === null ? {} : { ':previous': previous }),
            },
          },
        },
        {
          Update: {
            TableName: table(),
            Key: quizKey(record.quizId),
            UpdateExpression: 'SET ratingSum = :sum, ratingCount = :count, averageRating = :average',
            ConditionExpression:
              '(ratingSum = :seenSum OR attribute_not_exists(ratingSum)) AND (ratingCount = :seenCount OR attribute_not_exists(ratingCount))',
            ExpressionAttributeValues: {
              ':sum': sum,
              ':count': count,
              ':average': Math.round((sum / count) * 10) / 10,
              ':seenSum': seenSum,
              ':seenCount': seenCount,
            },
          },
        },
      ]);
      return;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException) || attempt >= 8) throw error;
      await new Promise((done) => setTimeout(done, 10 * attempt + Math.random() * 20));
    }
  }
}
