import { learningApi } from '@shared/contract/learning';
import { listTodos } from '../../learning/todo';
import { httpHandler } from '../http';

/** `GET /api/todos?date=YYYY-MM-DD`: the day's to-dos (today in Japan by default). */
export const handler = httpHandler(learningApi.todos, async ({ user, query }) => ({
  body: await listTodos(user.id, query.date),
}));
