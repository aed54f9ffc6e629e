import { learningApi } from '@shared/contract/learning';
import { dashboard } from '../../learning/learning';
import { httpHandler } from '../http';

/** `GET /api/learning/dashboard`: today, the streak, the goals, the calendar, categories, weaknesses, reviews due. */
export const handler = httpHandler(learningApi.dashboard, async ({ user, log }) => ({
  body: await dashboard(user, log),
}));
