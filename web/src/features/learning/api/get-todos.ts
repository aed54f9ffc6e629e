import { queryOptions, useQuery } from '@tanstack/react-query';
import { learningApi } from '@shared/contract/learning';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/todos?date=YYYY-MM-DD`: a day's to-dos, in the order added. */
export const getTodos = (date: string) => callApi(learningApi.todos, { query: { date } });

export const todosQuery = (userId: string, date: string) =>
  queryOptions({ queryKey: queryKeys.learning.todos(userId, date), queryFn: () => getTodos(date) });

export function useTodos(userId: string, date: string) {
  return useQuery(todosQuery(userId, date));
}
