import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { queryOwned } from '../data/owned';
import { ConditionsFailed, transactWrite } from '../data/transact';
import { dynamo } from '../lib/aws-clients';
import { getConfig } from '../lib/config';
import { accountGuard, type UserItem } from '../users/user';
import { activeQuizCheck, canView, getQuizzes, viewableQuizDetail, type QuizItem } from './quiz';

/**
 * Favourites live in the quiz's partition (`QUIZ#<id>` / `FAVORITE#<userId>`), owned by the user
 * (`gsi2pk = USER#<userId>`): deleting the quiz removes them with it, deleting the account too.
 */
const table = () => getConfig().tableName;
const favoriteKey = (quizId: string, userId: string) => ({ pk: `QUIZ#${quizId}`, sk: `FAVORITE#${userId}` });

export async function addFavorite(user: UserItem, quizId: string, now = new Date()): Promise<void> {
  await viewableQuizDetail(quizId, user);
  try {
    await transactWrite([
      accountGuard(user.id),
      activeQuizCheck(quizId),
      {
        name: 'favorite',
        Put: {
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
        },
      },
    ]);
  } catch (error) {
    if (error instanceof ConditionsFailed && error.has('favorite')) return;
    throw error;
  }
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
  const favorites = await queryOwned<{ quizId: string }>(user.id, 'FAVORITE#', { newestFirst: true });
  return (await getQuizzes(favorites.map((favorite) => favorite.quizId))).filter((quiz) =>
    canView(quiz, user),
  );
}
