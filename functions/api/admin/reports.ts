import { reportsWithContext } from '../../admin/moderation';
import { httpHandler } from '../../lib/http-handler';

/** `GET /api/admin/reports`: all reports with the reporter and quiz sub-objects. */
export const handler = httpHandler({
  route: 'GET /api/admin/reports',
  handle: async () => ({ body: await reportsWithContext() }),
});
