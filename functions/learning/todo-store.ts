import { LEARNING, LEARNING_MESSAGES } from '@shared/learning-constants';
import type { Todo } from '@shared/learning';
import { db } from '../data/db';
import { queryAll } from '../data/paginate';
import { transactWrite } from '../data/transact';
import { NotFoundError, TooManyRequestsError } from '../lib/errors';
import { accountGuard } from '../users/user-store';
import { UserKeys } from '../users/user-keys';
import { TodoDayKeys, TodoKeys } from './learning-keys';

/**
 * Daily to-dos (`TODO#<day>_<uuid>`: a day's are one `begins_with`) and each day's count
 * (`TODODAY#<day>`, at most 50, changed in the transaction of each creation and deletion, so
 * parallel additions stop at 50 exactly).
 */

const todoKey = (userId: string, todoId: string) => TodoKeys.key({ userId, todoId });
const dayKey = (userId: string, day: string) => TodoDayKeys.key({ userId, day });
const todoNotFound = () => new NotFoundError(LEARNING_MESSAGES.todoNotFound);

/** A to-do as the member reads it (the item without its keys). */
const asTodo = (item: Todo): Todo => ({
  id: item.id,
  text: item.text,
  date: item.date,
  completed: item.completed === true,
  completedAt: item.completedAt ?? null,
  createdAt: item.createdAt,
  updatedAt: item.updatedAt,
});

/** The day's to-dos, in the order added. */
export async function readTodos(userId: string, day: string): Promise<Todo[]> {
  const items = await queryAll<Todo>({
    partition: UserKeys.pk({ userId }),
    beginsWith: TodoKeys.skPrefix({ todoId: `${day}_` }),
    ConsistentRead: true,
  });
  return items.map(asTodo).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** One to-do, read strongly consistent (after its write). */
export async function readTodo(userId: string, todoId: string): Promise<Todo> {
  const { Item } = await db.get({ Key: todoKey(userId, todoId), ConsistentRead: true });
  if (!Item) throw todoNotFound();
  return asTodo(Item as Todo);
}

/** A new to-do within the day's 50. */
export async function insertTodo(userId: string, todo: Todo): Promise<void> {
  await transactWrite([
    accountGuard(userId),
    {
      Update: {
        Key: dayKey(userId, todo.date),
        UpdateExpression: 'ADD #count :one',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':max': LEARNING.maxTodosPerDay },
      },
      onConditionFailed: () => new TooManyRequestsError(LEARNING_MESSAGES.tooManyTodos),
    },
    {
      Put: {
        Item: { ...todoKey(userId, todo.id), ...todo },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
}

/** Its text and whether it is done (404 when the member has no such to-do). */
export async function writeTodo(
  userId: string,
  todoId: string,
  changes: { text?: string | undefined; completed?: boolean | undefined },
  now: Date,
): Promise<void> {
  const sets = ['updatedAt = :now'];
  const values: Record<string, unknown> = { ':now': now.toISOString() };
  if (changes.text !== undefined) {
    sets.push('#text = :text');
    values[':text'] = changes.text;
  }
  if (changes.completed !== undefined) {
    sets.push('completed = :completed', 'completedAt = :completedAt');
    values[':completed'] = changes.completed;
    values[':completedAt'] = changes.completed ? now.toISOString() : null;
  }
  await transactWrite([
    accountGuard(userId),
    {
      Update: {
        Key: todoKey(userId, todoId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ...(changes.text !== undefined ? { ExpressionAttributeNames: { '#text': 'text' } } : {}),
        ExpressionAttributeValues: values,
      },
      onConditionFailed: todoNotFound,
    },
  ]);
}

/** Deletes a to-do (of parallel deletions one deletes, the others 404), its day's count given back. */
export async function deleteTodo(userId: string, todoId: string, day: string): Promise<void> {
  await transactWrite([
    accountGuard(userId),
    {
      Delete: { Key: todoKey(userId, todoId), ConditionExpression: 'attribute_exists(pk)' },
      onConditionFailed: todoNotFound,
    },
    {
      Update: {
        Key: dayKey(userId, day),
        UpdateExpression: 'ADD #count :minusOne',
        ConditionExpression: '#count > :zero',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
      },
    },
  ]);
}
