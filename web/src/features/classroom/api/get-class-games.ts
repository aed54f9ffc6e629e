import { useQuery } from '@tanstack/react-query';
import { classroomApi } from '@shared/contract/classroom';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/classroom/games`: the host's games of the last 90 days, newest first. */
export const getClassGames = () => callApi(classroomApi.list);

export function useClassGames(userId: string) {
  return useQuery({
    queryKey: queryKeys.classroom.list(userId),
    queryFn: getClassGames,
    select: (answer) => answer.games,
  });
}
