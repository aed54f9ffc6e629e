import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ACHIEVEMENTS, PERFECT_BONUS, POINTS_PER_CORRECT, type AchievementKey } from '@shared/progress';
import type { Question } from '@shared/quizzes';
import { ttlFromDate } from '../data/table';
import { dynamo } from '../lib/aws-clients';
import { japanDate } from '../lib/japan-time';
import { getConfig } from '../lib/config';
import { userKey } from '../users/user';

/**
 * A member's learning record, all in their own partition (`USER#<id>`) and owned by them
 * (`gsi2pk = USER#<id>`, removed with the account):
 * - counters on the profile: `quizzesCompleted`, `correctAnswers`, `answeredQuestions`, `totalPoints`;
 * - `DAILY#<yyyy-mm-dd>` (Japan time): quizzes completed, questions answered, correct answers, time spent;
 * - `WRONG#<quizId>#<questionId>`: the questions answered wrongly, with a count;
 * - `ACHIEVEMENT#<key>`: each achievement once, with its date;
 * - `STUDY#<time>#<id>`: one record per answered question (kept a year).
 */
const table = () => getConfig().tableName;
const owned = (userId: string, sk: string) => ({ gsi2pk: `USER#${userId}`, gsi2sk: sk });

export const pointsFor = (score: number, total: number) =>
  score * POINTS_PER_CORRECT + (total > 0 && score === total ? PERFECT_BONUS : 0);

/** The profile counters a finished play adds to, as an item of the attempt's transaction. */
export function completionCounters(userId: string, score: number, total: number) {
  return {
    Update: {
      TableName: table(),
      Key: userKey(userId),
      UpdateExpression:
        'ADD quizzesCompleted :one, correctAnswers :score, answeredQuestions :total, totalPoints :points',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: {
        ':one': 1,
        ':score': score,
        ':total': total,
        ':points': pointsFor(score, total),
      },
    },
  };
}

/** After a finished play: the day's stats, wrong answers and any achievement reached. */
export async function recordCompletion(
  input: {
    userId: string;
    quizId: string;
    category: string;
    difficulty: string;
    questions: Question[];
    answers: Record<string, string>;
    score: number;
    /** The member's completed count after this play (from the attempt's transaction). */
    quizzesCompleted: number;
  },
  now = new Date(),
) {
  const { userId, questions, score } = input;
  const total = questions.length;
  const day = japanDate(now);
  await dynamo().send(
    new UpdateCommand({
      TableName: table(),
      Key: { pk: `USER#${userId}`, sk: `DAILY#${day}` },
      UpdateExpression:
        'ADD quizzesCompleted :one, questionsAnswered :total, correctAnswers :score SET #date = :day, updatedAt = :now, gsi2pk = :owner, gsi2sk = :ownedSk',
      ExpressionAttributeNames: { '#date': 'date' },
      ExpressionAttributeValues: {
        ':one': 1,
        ':total': total,
        ':score': score,
        ':day': day,
        ':now': now.toISOString(),
        ':owner': `USER#${userId}`,
        ':ownedSk': `DAILY#${day}`,
      },
    }),
  );
  for (const question of questions) {
    const given = input.answers[question.id] ?? '-';
    if (given === question.correctAnswer) continue;
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: `USER#${userId}`, sk: `WRONG#${input.quizId}#${question.id}` },
        UpdateExpression:
          'ADD wrongCount :one SET quizId = :quiz, questionId = :question, userAnswer = :given, correctAnswer = :correct, category = :category, difficulty = :difficulty, lastWrongAt = :now, gsi2pk = :owner, gsi2sk = :ownedSk',
        ExpressionAttributeValues: {
          ':one': 1,
          ':quiz': input.quizId,
          ':question': question.id,
          ':given': given,
          ':correct': question.correctAnswer,
          ':category': input.category,
          ':difficulty': input.difficulty,
          ':now': now.toISOString(),
          ':owner': `USER#${userId}`,
          ':ownedSk': `WRONG#${input.quizId}#${question.id}`,
        },
      }),
    );
  }
  const completed = input.quizzesCompleted;
  if (completed >= 1) await grantAchievement(userId, 'first_completion', now);
  if (completed >= 10) await grantAchievement(userId, 'ten_completions', now);
  if (total > 0 && score === total) await grantAchievement(userId, 'first_perfect', now);
}

/** Records an achievement the first time only (later calls change nothing). */
export async function grantAchievement(userId: string, key: AchievementKey, now = new Date()) {
  await dynamo()
    .send(
      new PutCommand({
        TableName: table(),
        Item: {
          pk: `USER#${userId}`,
          sk: `ACHIEVEMENT#${key}`,
          key,
          ...ACHIEVEMENTS[key],
          achievedAt: now.toISOString(),
          ...owned(userId, `ACHIEVEMENT#${key}`),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    )
    .catch((error: unknown) => {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    });
}

/** One answered question from the play page; the day's time spent grows with it. */
export async function recordStudyAnswer(
  userId: string,
  input: { quizId: string; questionId: string; userAnswer: string; isCorrect: boolean; timeSpent: number },
  now = new Date(),
) {
  const day = japanDate(now);
  const sk = `STUDY#${now.toISOString()}#${randomUUID().slice(0, 8)}`;
  await dynamo().send(
    new PutCommand({
      TableName: table(),
      Item: {
        pk: `USER#${userId}`,
        sk,
        ...input,
        date: day,
        createdAt: now.toISOString(),
        ttl: ttlFromDate(new Date(now.getTime() + 365 * 86_400_000)),
        ...owned(userId, sk),
      },
    }),
  );
  await dynamo().send(
    new UpdateCommand({
      TableName: table(),
      Key: { pk: `USER#${userId}`, sk: `DAILY#${day}` },
      UpdateExpression:
        'ADD timeSpent :seconds SET #date = :day, updatedAt = :now, gsi2pk = :owner, gsi2sk = :ownedSk',
      ExpressionAttributeNames: { '#date': 'date' },
      ExpressionAttributeValues: {
        ':seconds': Math.round(input.timeSpent),
        ':day': day,
        ':now': now.toISOString(),
        ':owner': `USER#${userId}`,
        ':ownedSk': `DAILY#${day}`,
      },
    }),
  );
}

export async function listAchievements(userId: string) {
  const result = await dynamo().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :kind)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':kind': 'ACHIEVEMENT#' },
    }),
  );
  return (result.Items ?? []) as {
    key: AchievementKey;
    title: string;
    description: string;
    achievedAt: string;
  }[];
}
