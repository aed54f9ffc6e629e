import { quizzesApi } from '@shared/contract/quizzes';
import { httpHandler } from '../http';
import { removeFavorite } from '../../quizzes/favorite';

/** `DELETE /api/favorites/{id}`: unfavourite (idempotent). */
export const handler = httpHandler(quizzesApi.removeFavorite, async ({ params, user }) => {
  await removeFavorite(user, params.id);
  return { body: { isFavorite: false } };
});
