import { reportedUsers } from '../../admin/moderation';
import { adminApi } from '@shared/contract/admin';
import { httpHandler } from '../http';

/** `GET /api/admin/reported-users`: authors whose quizzes were reported, with counts and penalties. */
export const handler = httpHandler(adminApi.reportedUsers, async () => ({ body: await reportedUsers() }));
