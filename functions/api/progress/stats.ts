import { progressApi } from '@shared/contract/progress';
import { httpHandler } from '../http';
import { userStats } from '../../progress/activity';

/** `GET /api/user/stats`: quizzesCreated, quizzesCompleted, averageScore, totalPoints, proLastPaidAt. */
export const handler = httpHandler(progressApi.stats, async ({ user }) => ({ body: await userStats(user) }));
