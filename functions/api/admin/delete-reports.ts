import { ADMIN_MESSAGES } from '@shared/admin';
import { deleteReport } from '../../admin/moderation';
import { NotFoundError } from '../../lib/errors';
import { adminApi } from '@shared/contract/admin';
import { httpHandler } from '../http';

/** `DELETE /api/admin/reports/bulk` `{ reportIds }`: reports of any quizzes; unknown ids are counted, not fatal. */
export const handler = httpHandler(adminApi.deleteReports, async ({ body, user }) => {
  let deleted = 0;
  for (const reportId of new Set(body.reportIds)) {
    try {
      await deleteReport(user, reportId, body.reason);
      deleted += 1;
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
    }
  }
  return { body: { deleted, message: ADMIN_MESSAGES.reportDeleted } };
});
