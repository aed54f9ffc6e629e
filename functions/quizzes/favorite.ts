import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/aws-clients';
import { getConfig } from '../lib/config';
import type { UserItem } from '../users/user';
import { canView, getQuizzes, viewableQuizDetail, type QuizItem } from './quiz';

/**
 * Favourites live in the quiz's partition (`QUIZ#<id>` / `FAVORITE#<userId>`), owned by the user
 * (`gsi2pk = USER#<userId>`): deleting the quiz removes them with it, deleting the account too.
 */
const table = () => getConfig().tableName;
const favoriteKey = (quizId: string, userId: string) => ({ pk: `QUIZ#${quizId}`, sk: `FAVORITE#${userId}` });

export async function addFavorite(user: UserItem, quizId: string, now = new Date()): Promise<void> {
  await viewableQuizDetail(quizId, user);
  await dynamo()
    .send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...favoriteKey(quizId, user.id),
          quizId,
          userId: user.id,
          createdAt: now.toISOString(),
          gsi2pk: `USER#${user.id}`,
          gsi2sk: `FAVORITE#${now.toISOString()}#${quizId}`,
        },
        // Adding twice keeps the first date.
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    )
    .catch((error: unknown) => {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    });
}

export async function removeFavorite(user: UserItem, quizId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: table(), Key: favoriteKey(quizId, user.id) }));
}

export async function isFavorite(user: UserItem, quizId: string): Promise<boolean> {
  const result = await dynamo().send(
    new GetCommand({ TableName: table(), Key: favoriteKey(quizId, user.id) }),
  );
  return Boolean(result.Item);
}

/** The user's favourites, newest first, leaving out quizzes they may no longer see (hidden, made private, deleted). */
export async function listFavorites(user: UserItem): Promise<QuizItem[]> {
  const quizIds: string[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: table(),
        IndexName: 'byOwner',
        KeyConditionExpression: 'gsi2pk = :owner AND begins_with(gsi2sk, :kind)',
        ExpressionAttributeValues: { ':owner': `USER#${user.id}`, ':kind': 'FAVORITE#' },
        ScanIndexForward: false,
        ExclusiveStartKey: cursor,
      }),
    );
    quizIds.push(...(page.Items ?? []).map((item) => String(item.quizId)));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return (await getQuizzes(quizIds)).filter((quiz) => canView(quiz, user));
}
