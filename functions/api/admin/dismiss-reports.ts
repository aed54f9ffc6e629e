import { ADMIN_MESSAGES } from '@shared/admin';
import { adminApi } from '@shared/contract/admin';
import { dismissReports } from '../../admin/moderation';
import { httpHandler } from '../http';

/** `PATCH /api/admin/quizzes/{id}/dismiss-reports` `{ reason? }`: the quiz's pending reports become reviewed; the quiz stays as it is. */
export const handler = httpHandler(adminApi.dismissReports, async ({ params, body, user }) => {
  const reviewed = await dismissReports(user, params.id, body.reason);
  return { body: { reviewed, message: ADMIN_MESSAGES.reportsDismissed } };
});
