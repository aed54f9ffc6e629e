import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateClassGameInput } from '@shared/classroom';
import { classroomApi } from '@shared/contract/classroom';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/**
 * `POST /api/classroom/games`: opens a class game on a quiz (issue 31). Here rather than in the
 * classroom feature because a quiz's page and the author's quizzes offer it (クラスで出題).
 */
export const createClassGame = (input: CreateClassGameInput) => callApi(classroomApi.create, { body: input });

export function useCreateClassGame(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClassGame,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.classroom.all(userId) }),
  });
}
