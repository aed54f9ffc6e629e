import { learningApi } from '@shared/contract/learning';
import { updateTodo } from '../../learning/todo';
import { httpHandler } from '../http';

/** `PATCH /api/todos/{id}`: its text, or whether it is done. */
export const handler = httpHandler(learningApi.updateTodo, async ({ user, params, body }) => ({
  body: await updateTodo(user.id, params.id, body),
}));
