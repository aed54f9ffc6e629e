import { flaggedQuizzes } from '../../admin/moderation';
import { adminApi } from '@shared/contract/admin';
import { httpHandler } from '../http';

/** `GET /api/admin/flagged-quizzes`: quizzes with pending reports, each with its 3 most recent reports. */
export const handler = httpHandler(adminApi.flaggedQuizzes, async () => ({ body: await flaggedQuizzes() }));
