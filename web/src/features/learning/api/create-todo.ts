import { useMutation } from '@tanstack/react-query';
import { learningApi } from '@shared/contract/learning';
import type { CreateTodoInput } from '@shared/learning';
import { callApi } from '@web/lib/api-client';
import { useRefreshLearning } from './refresh-learning';

/** `POST /api/todos`: a to-do for the day (today, Japan, by default). */
export const createTodo = (todo: CreateTodoInput) => callApi(learningApi.createTodo, { body: todo });

export function useCreateTodo(userId: string) {
  const refresh = useRefreshLearning(userId);
  return useMutation({ mutationFn: createTodo, onSuccess: () => refresh() });
}
