import { quizIdParamsSchema } from '@shared/quiz-queries';
import { httpHandler } from '../../lib/http-handler';
import { addFavorite } from '../../quizzes/favorite';

/** `POST /api/favorites/{id}`: favourite a quiz the user may see (idempotent). */
export const handler = httpHandler({
  route: 'POST /api/favorites/{id}',
  params: quizIdParamsSchema,
  handle: async ({ params, user }) => {
    await addFavorite(user, params.id);
    return { status: 201, body: { isFavorite: true } };
  },
});
