import { ADMIN_MESSAGES } from '@shared/admin';
import { restoreQuiz } from '../../admin/moderation';
import { adminApi } from '@shared/contract/admin';
import { httpHandler } from '../http';

/** `PATCH /api/admin/quizzes/{id}/restore`. */
export const handler = httpHandler(adminApi.restore, async ({ params, user }) => {
  await restoreQuiz(user, params.id);
  return { body: { message: ADMIN_MESSAGES.restored } };
});
