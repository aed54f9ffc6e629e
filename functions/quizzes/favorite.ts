import type { UserItem } from '../users/user-store';
import { deleteFavorite, favoriteQuizIds, hasFavorite, putFavorite } from './favorite-store';
import { getQuizzes, type QuizItem } from './quiz-store';
import { canView } from './quiz-policy';
import { viewableQuizDetail } from './quiz';

/**
 * A member's favourite quizzes: only quizzes they may see can be added or are listed (quiz-policy.ts
 * `canView`); the items are favorite-store.ts's.
 */
export async function addFavorite(user: UserItem, quizId: string, now = new Date()): Promise<void> {
  await viewableQuizDetail(quizId, user);
  await putFavorite(user.id, quizId, now);
}

export async function removeFavorite(user: UserItem, quizId: string): Promise<void> {
  await deleteFavorite(user.id, quizId);
}

export async function isFavorite(user: UserItem, quizId: string): Promise<boolean> {
  return hasFavorite(user.id, quizId);
}

/** The user's favourites, newest first, leaving out quizzes they may no longer see (hidden, made private, deleted). */
export async function listFavorites(user: UserItem): Promise<QuizItem[]> {
  return (await getQuizzes(await favoriteQuizIds(user.id))).filter((quiz) => canView(quiz, user));
}
