import { useQuery } from '@tanstack/react-query';
import { classroomApi } from '@shared/contract/classroom';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/classroom/games/{gameId}/results`: the players' table and each question's figures. */
export const getClassResults = (gameId: string) => callApi(classroomApi.results, { params: { gameId } });

export function useClassResults(userId: string, gameId: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: queryKeys.classroom.results(userId, gameId),
    queryFn: () => getClassResults(gameId),
    enabled,
  });
}
