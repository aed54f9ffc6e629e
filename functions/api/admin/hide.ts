import { ADMIN_MESSAGES } from '@shared/admin';
import { hideQuiz } from '../../admin/moderation';
import { adminApi } from '@shared/contract/admin';
import { httpHandler } from '../http';

/** `PATCH /api/admin/quizzes/{id}/hide`. */
export const handler = httpHandler(adminApi.hide, async ({ params, user }) => {
  await hideQuiz(user, params.id);
  return { body: { message: ADMIN_MESSAGES.hidden } };
});
