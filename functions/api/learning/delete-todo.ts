import { LEARNING_MESSAGES } from '@shared/learning-constants';
import { learningApi } from '@shared/contract/learning';
import { deleteTodo } from '../../learning/todo';
import { httpHandler } from '../http';

/** `DELETE /api/todos/{id}`. */
export const handler = httpHandler(learningApi.deleteTodo, async ({ user, params }) => {
  await deleteTodo(user.id, params.id);
  return { body: { deleted: true as const, message: LEARNING_MESSAGES.todoDeleted } };
});
