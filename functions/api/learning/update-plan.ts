import { learningApi } from '@shared/contract/learning';
import { updatePlan } from '../../learning/plan';
import { httpHandler } from '../http';

/** `PUT /api/study-plans/{id}`: the fields sent; `isActive: true` activates it and deactivates the others. */
export const handler = httpHandler(learningApi.updatePlan, async ({ user, params, body }) => ({
  body: await updatePlan(user.id, params.id, body),
}));
