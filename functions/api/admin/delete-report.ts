import { ADMIN_MESSAGES, reportIdParamsSchema } from '@shared/admin';
import { deleteReport } from '../../admin/moderation';
import { httpHandler } from '../../lib/http-handler';

/** `DELETE /api/admin/reports/{id}`. */
export const handler = httpHandler({
  route: 'DELETE /api/admin/reports/{id}',
  params: reportIdParamsSchema,
  handle: async ({ params, user }) => {
    await deleteReport(user, params.id);
    return { body: { message: ADMIN_MESSAGES.reportDeleted } };
  },
});
