import { quizzesApi } from '@shared/contract/quizzes';
import { httpHandler } from '../http';
import { isFavorite } from '../../quizzes/favorite';

/** `GET /api/favorites/{id}`: `{ isFavorite }`. */
export const handler = httpHandler(quizzesApi.isFavorite, async ({ params, user }) => ({
  body: { isFavorite: await isFavorite(user, params.id) },
}));
