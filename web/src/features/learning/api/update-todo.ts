import { useMutation, useQueryClient } from '@tanstack/react-query';
import { learningApi } from '@shared/contract/learning';
import type { UpdateTodoInput } from '@shared/learning';
import { callApi } from '@web/lib/api-client';
import { todosQuery } from './get-todos';
import { useRefreshLearning } from './refresh-learning';

/** `PATCH /api/todos/{id}`: its text, or ticked (or unticked). */
export const updateTodo = ({ id, ...todo }: UpdateTodoInput & { id: string }) =>
  callApi(learningApi.updateTodo, { params: { id }, body: todo });

/** A to-do's id names its day (`YYYY-MM-DD_<uuid>`), so its list is known without asking. */
const dayOf = (todoId: string) => todoId.slice(0, 10);

/**
 * Changes a to-do. The list shows the change at once (a tick answers the click, not the round
 * trip) and goes back if the server refuses; the records are read again either way.
 */
export function useUpdateTodo(userId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshLearning(userId);
  return useMutation({
    mutationFn: updateTodo,
    onMutate: async ({ id, ...changes }) => {
      const { queryKey } = todosQuery(userId, dayOf(id));
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(
        queryKey,
        (day) =>
          day && {
            ...day,
            todos: day.todos.map((todo) =>
              todo.id === id
                ? {
                    ...todo,
                    ...(changes.text === undefined ? {} : { text: changes.text.trim() }),
                    ...(changes.completed === undefined ? {} : { completed: changes.completed }),
                  }
                : todo,
            ),
          },
      );
      return { queryKey, previous };
    },
    onError: (_error, _todo, context) => {
      if (context) queryClient.setQueryData(context.queryKey, context.previous);
    },
    onSettled: () => refresh(),
  });
}
