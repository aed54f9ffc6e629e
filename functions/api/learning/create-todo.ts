import { learningApi } from '@shared/contract/learning';
import { createTodo } from '../../learning/todo';
import { httpHandler } from '../http';

/** `POST /api/todos`: a to-do for a day (today in Japan by default; at most 50 a day). */
export const handler = httpHandler(learningApi.createTodo, async ({ user, body }) => ({
  status: 201,
  body: await createTodo(user.id, body),
}));
