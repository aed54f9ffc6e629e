import { httpHandler } from '../../lib/http-handler';
import { listFavorites } from '../../quizzes/favorite';
import { toSummary } from '../../quizzes/quiz';

/** `GET /api/favorites`: the signed-in user's favourite quizzes that they may still see. */
export const handler = httpHandler({
  route: 'GET /api/favorites',
  handle: async ({ user }) => ({ body: (await listFavorites(user)).map(toSummary) }),
});
