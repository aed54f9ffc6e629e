import { ADMIN_MESSAGES, bulkDeleteSchema } from '@shared/admin';
import { deleteReport } from '../../admin/moderation';
import { NotFoundError } from '../../lib/errors';
import { httpHandler } from '../../lib/http-handler';

/** `DELETE /api/admin/reports/bulk` `{ reportIds }`: reports of any quizzes; unknown ids are counted, not fatal. */
export const handler = httpHandler({
  route: 'DELETE /api/admin/reports/bulk',
  body: bulkDeleteSchema,
  handle: async ({ body, user }) => {
    let deleted = 0;
    for (const reportId of new Set(body.reportIds)) {
      try {
        await deleteReport(user, reportId);
        deleted += 1;
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
      }
    }
    return { body: { deleted, message: ADMIN_MESSAGES.reportDeleted } };
  },
});
