import { learningApi } from '@shared/contract/learning';
import { createPlan } from '../../learning/plan';
import { httpHandler } from '../http';

/** `POST /api/study-plans`: a new plan, active at once (at most 20 plans). */
export const handler = httpHandler(learningApi.createPlan, async ({ user, body }) => ({
  status: 201,
  body: await createPlan(user.id, body),
}));
