import { quizzesApi } from '@shared/contract/quizzes';
import { httpHandler } from '../http';
import { addFavorite } from '../../quizzes/favorite';

/** `POST /api/favorites/{id}`: favourite a quiz the user may see (idempotent). */
export const handler = httpHandler(quizzesApi.addFavorite, async ({ params, user }) => {
  await addFavorite(user, params.id);
  return { status: 201, body: { isFavorite: true } };
});
