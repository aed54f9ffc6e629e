import { randomUUID } from 'node:crypto';
import { LEARNING, LEARNING_MESSAGES } from '@shared/learning-constants';
import type { Todo } from '@shared/learning';
import { currentTime } from '../lib/clock';
import { BadRequestError } from '../lib/errors';
import { japanDate } from '../lib/japan-time';
import { daysBetween } from './dashboard-policy';
import { deleteTodo as removeTodo, insertTodo, readTodo, readTodos, writeTodo } from './todo-store';

/** Daily to-dos (`/api/todos`): a day's list (today in Japan unless named, within 366 days of it), at most 50 a day. */

/** The day a to-do's id names (`<yyyy-mm-dd>_<uuid>`). */
const dayOfTodo = (todoId: string) => todoId.slice(0, 10);

/** The day a call names, today (Japan) when none: 400 when it is more than 366 days from today. */
function todoDay(day: string | undefined, now: Date): string {
  const today = japanDate(now);
  if (day !== undefined && Math.abs(daysBetween(today, day)) > LEARNING.todoDayRange)
    throw new BadRequestError(LEARNING_MESSAGES.todoDateRange);
  return day ?? today;
}

/** `GET /api/todos`. */
export async function listTodos(userId: string, day: string | undefined, now = currentTime()) {
  const date = todoDay(day, now);
  return { date, todos: await readTodos(userId, date) };
}

/** `POST /api/todos`. */
export async function createTodo(
  userId: string,
  input: { text: string; date?: string | undefined },
  now = currentTime(),
): Promise<Todo> {
  const date = todoDay(input.date, now);
  const todo: Todo = {
    id: `${date}_${randomUUID()}`,
    text: input.text,
    date,
    completed: false,
    completedAt: null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  await insertTodo(userId, todo);
  return todo;
}

/** `PATCH /api/todos/{id}`. */
export async function updateTodo(
  userId: string,
  todoId: string,
  changes: { text?: string | undefined; completed?: boolean | undefined },
  now = currentTime(),
): Promise<Todo> {
  await writeTodo(userId, todoId, changes, now);
  return readTodo(userId, todoId);
}

/** `DELETE /api/todos/{id}`. */
export const deleteTodo = (userId: string, todoId: string) => removeTodo(userId, todoId, dayOfTodo(todoId));
