import { ADMIN_MESSAGES } from '@shared/admin';
import { quizIdParamsSchema } from '@shared/quiz-queries';
import { restoreQuiz } from '../../admin/moderation';
import { httpHandler } from '../../lib/http-handler';

/** `PATCH /api/admin/quizzes/{id}/restore`. */
export const handler = httpHandler({
  route: 'PATCH /api/admin/quizzes/{id}/restore',
  params: quizIdParamsSchema,
  handle: async ({ params, user }) => {
    await restoreQuiz(user, params.id);
    return { body: { message: ADMIN_MESSAGES.restored } };
  },
});
