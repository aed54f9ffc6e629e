import { learningApi } from '@shared/contract/learning';
import { dailyStats } from '../../learning/learning';
import { httpHandler } from '../http';

/** `GET /api/learning/daily-stats?from&to`: the days with activity (at most 366 days). */
export const handler = httpHandler(learningApi.dailyStats, async ({ user, query }) => ({
  body: { days: await dailyStats(user.id, query.from, query.to) },
}));
