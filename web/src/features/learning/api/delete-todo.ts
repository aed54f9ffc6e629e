import { useMutation } from '@tanstack/react-query';
import { learningApi } from '@shared/contract/learning';
import { callApi } from '@web/lib/api-client';
import { useRefreshLearning } from './refresh-learning';

/** `DELETE /api/todos/{id}`. */
export const deleteTodo = (id: string) => callApi(learningApi.deleteTodo, { params: { id } });

export function useDeleteTodo(userId: string) {
  const refresh = useRefreshLearning(userId);
  return useMutation({ mutationFn: deleteTodo, onSettled: () => refresh() });
}
