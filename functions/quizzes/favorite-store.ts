import { db } from '../data/db';
import { queryOwned } from '../data/owned';
import { ConditionsFailed } from '../data/errors';
import { transactWrite } from '../data/transact';
import { accountGuard } from '../users/user-store';
import { FavoriteKeys, favoriteKey } from './favorite-keys';
import { activeQuizCheck } from './quiz-store';

/**
 * Favourites live in the quiz's partition (`QUIZ#<id>` / `FAVORITE#<userId>`), owned by the user
 * (`gsi2pk = USER#<userId>`): deleting the quiz removes them with it, deleting the account too.
 */

/** Marks the quiz a favourite of the member while both live; adding twice keeps the first date. */
export async function putFavorite(userId: string, quizId: string, now: Date): Promise<void> {
  try {
    await transactWrite([
      accountGuard(userId),
      activeQuizCheck(quizId),
      {
        name: 'favorite',
        Put: {
          Item: {
            ...favoriteKey(quizId, userId),
            quizId,
            userId,
            createdAt: now.toISOString(),
            ...FavoriteKeys.owner({ userId, createdAt: now.toISOString(), quizId }),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ]);
  } catch (error) {
    if (error instanceof ConditionsFailed && error.has('favorite')) return;
    throw error;
  }
}

export async function deleteFavorite(userId: string, quizId: string): Promise<void> {
  await db.delete({ Key: favoriteKey(quizId, userId) });
}

export async function hasFavorite(userId: string, quizId: string): Promise<boolean> {
  const result = await db.get({ Key: favoriteKey(quizId, userId) });
  return Boolean(result.Item);
}

/** The ids of the member's favourite quizzes, newest favourite first. */
export async function favoriteQuizIds(userId: string): Promise<string[]> {
  const favorites = await queryOwned<{ quizId: string }>(userId, FavoriteKeys, { newestFirst: true });
  return favorites.map((favorite) => favorite.quizId);
}
