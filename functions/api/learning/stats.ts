import { learningApi } from '@shared/contract/learning';
import { httpHandler } from '../http';
import { userStats } from '../../learning/activity';

/** `GET /api/user/stats`: quizzesCreated, quizzesCompleted, averageScore, totalPoints, proLastPaidAt. */
export const handler = httpHandler(learningApi.stats, async ({ user }) => ({ body: await userStats(user) }));
