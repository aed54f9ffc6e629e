import { ADMIN_MESSAGES } from '@shared/admin';
import { deleteReport } from '../../admin/moderation';
import { adminApi } from '@shared/contract/admin';
import { httpHandler } from '../http';

/** `DELETE /api/admin/reports/{id}` `{ reason? }` (the body may be empty). */
export const handler = httpHandler(adminApi.deleteReport, async ({ params, body, user }) => {
  await deleteReport(user, params.id, body.reason);
  return { body: { message: ADMIN_MESSAGES.reportDeleted } };
});
