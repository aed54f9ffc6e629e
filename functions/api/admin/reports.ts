import { reportsWithContext } from '../../admin/moderation';
import { adminApi } from '@shared/contract/admin';
import { httpHandler } from '../http';

/** `GET /api/admin/reports`: all reports with the reporter and quiz sub-objects. */
export const handler = httpHandler(adminApi.reports, async () => ({ body: await reportsWithContext() }));
