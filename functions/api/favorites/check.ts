import { quizIdParamsSchema } from '@shared/quiz-queries';
import { httpHandler } from '../../lib/http-handler';
import { isFavorite } from '../../quizzes/favorite';

/** `GET /api/favorites/{id}`: `{ isFavorite }`. */
export const handler = httpHandler({
  route: 'GET /api/favorites/{id}',
  params: quizIdParamsSchema,
  handle: async ({ params, user }) => ({ body: { isFavorite: await isFavorite(user, params.id) } }),
});
