import { db } from '../data/db';
import { queryOwned } from '../data/owned';
import { ConditionsFailed } from '../data/errors';
import { transactWrite } from '../data/transact';
import { accountGuard, type UserItem } from '../users/user-store';
import { FavoriteKeys, favoriteKey } from './favorite-keys';
import { activeQuizCheck, getQuizzes, type QuizItem } from './quiz-store';
import { canView } from './quiz-policy';
import { viewableQuizDetail } from './quiz';

/**
 * Favourites live in the quiz's partition (`QUIZ#<id>` / `FAVORITE#<userId>`), owned by the user
 * (`gsi2pk = USER#<userId>`): deleting the quiz removes them with it, deleting the account too.
 */
export async function addFavorite(user: UserItem, quizId: string, now = new Date()): Promise<void> {
  await viewableQuizDetail(quizId, user);
  try {
    await transactWrite([
      accountGuard(user.id),
      activeQuizCheck(quizId),
      {
        name: 'favorite',
        Put: {
          Item: {
            ...favoriteKey(quizId, user.id),
            quizId,
            userId: user.id,
            createdAt: now.toISOString(),
            ...FavoriteKeys.owner({ userId: user.id, createdAt: now.toISOString(), quizId }),
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
  await db.delete({ Key: favoriteKey(quizId, user.id) });
}

export async function isFavorite(user: UserItem, quizId: string): Promise<boolean> {
  const result = await db.get({ Key: favoriteKey(quizId, user.id) });
  return Boolean(result.Item);
}

/** The user's favourites, newest first, leaving out quizzes they may no longer see (hidden, made private, deleted). */
export async function listFavorites(user: UserItem): Promise<QuizItem[]> {
  const favorites = await queryOwned<{ quizId: string }>(user.id, FavoriteKeys, { newestFirst: true });
  return (await getQuizzes(favorites.map((favorite) => favorite.quizId))).filter((quiz) =>
    canView(quiz, user),
  );
}
