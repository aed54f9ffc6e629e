import { ADMIN_MESSAGES } from '@shared/admin';
import { hideQuiz } from '../../admin/moderation';
import { adminApi } from '@shared/contract/admin';
import { httpHandler } from '../http';

/** `PATCH /api/admin/quizzes/{id}/hide` `{ reason? }` (the body may be empty). */
export const handler = httpHandler(adminApi.hide, async ({ params, body, user }) => {
  await hideQuiz(user, params.id, body.reason);
  return { body: { message: ADMIN_MESSAGES.hidden } };
});
