import { LEARNING_MESSAGES } from '@shared/learning-constants';
import { learningApi } from '@shared/contract/learning';
import { deletePlan } from '../../learning/plan';
import { httpHandler } from '../http';

/** `DELETE /api/study-plans/{id}`. */
export const handler = httpHandler(learningApi.deletePlan, async ({ user, params }) => {
  await deletePlan(user.id, params.id);
  return { body: { deleted: true as const, message: LEARNING_MESSAGES.planDeleted } };
});
