import { useMutation } from '@tanstack/react-query';
import { learningApi } from '@shared/contract/learning';
import type { UpdateTodoInput } from '@shared/learning';
import { callApi } from '@web/lib/api-client';
import { useRefreshLearning } from './refresh-learning';

/** `PATCH /api/todos/{id}`: its text, or ticked (or unticked). */
export const updateTodo = ({ id, ...todo }: UpdateTodoInput & { id: string }) =>
  callApi(learningApi.updateTodo, { params: { id }, body: todo });

export function useUpdateTodo(userId: string) {
  const refresh = useRefreshLearning(userId);
  return useMutation({ mutationFn: updateTodo, onSettled: () => refresh() });
}
