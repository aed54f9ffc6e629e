import { useQuery } from '@tanstack/react-query';
import { classroomApi } from '@shared/contract/classroom';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/classroom/games/{gameId}`: the host's game as it stands (the socket keeps it live after). */
export const getClassGame = (gameId: string) => callApi(classroomApi.get, { params: { gameId } });

export function useClassGame(userId: string, gameId: string) {
  return useQuery({
    queryKey: queryKeys.classroom.game(userId, gameId),
    queryFn: () => getClassGame(gameId),
    // Read once: from then on the socket's frames are the game's news.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
