import { ADMIN_MESSAGES } from '@shared/admin';
import { quizIdParamsSchema } from '@shared/quiz-queries';
import { hideQuiz } from '../../admin/moderation';
import { httpHandler } from '../../lib/http-handler';

/** `PATCH /api/admin/quizzes/{id}/hide`. */
export const handler = httpHandler({
  route: 'PATCH /api/admin/quizzes/{id}/hide',
  params: quizIdParamsSchema,
  handle: async ({ params, user }) => {
    await hideQuiz(user, params.id);
    return { body: { message: ADMIN_MESSAGES.hidden } };
  },
});
