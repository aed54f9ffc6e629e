import { hiddenQuizzes } from '../../admin/moderation';
import { adminApi } from '@shared/contract/admin';
import { httpHandler } from '../http';

/** `GET /api/admin/hidden-quizzes`: every hidden quiz (to restore it), newest hidden first. */
export const handler = httpHandler(adminApi.hiddenQuizzes, async () => ({ body: await hiddenQuizzes() }));
