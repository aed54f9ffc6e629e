import { quizIdParamsSchema } from '@shared/quiz-queries';
import { httpHandler } from '../../lib/http-handler';
import { removeFavorite } from '../../quizzes/favorite';

/** `DELETE /api/favorites/{id}`: unfavourite (idempotent). */
export const handler = httpHandler({
  route: 'DELETE /api/favorites/{id}',
  params: quizIdParamsSchema,
  handle: async ({ params, user }) => {
    await removeFavorite(user, params.id);
    return { body: { isFavorite: false } };
  },
});
