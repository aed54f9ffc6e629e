import { ADMIN_MESSAGES } from '@shared/admin';
import { deleteReport } from '../../admin/moderation';
import { adminApi } from '@shared/contract/admin';
import { httpHandler } from '../http';

/** `DELETE /api/admin/reports/{id}`. */
export const handler = httpHandler(adminApi.deleteReport, async ({ params, user }) => {
  await deleteReport(user, params.id);
  return { body: { message: ADMIN_MESSAGES.reportDeleted } };
});
