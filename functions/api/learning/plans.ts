import { learningApi } from '@shared/contract/learning';
import { listPlans } from '../../learning/plan';
import { httpHandler } from '../http';

/** `GET /api/study-plans`: the member's plans, newest first, with their progress. */
export const handler = httpHandler(learningApi.plans, async ({ user }) => ({
  body: { plans: await listPlans(user.id) },
}));
