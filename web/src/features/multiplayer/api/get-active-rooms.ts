import { useQuery } from '@tanstack/react-query';
import { multiplayerApi } from '@shared/contract/multiplayer';
import { ROOM_LIMITS } from '@shared/multiplayer';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/multiplayer/rooms`, polled every 5 seconds while the lobby is shown (§2, §9). */
export function useActiveRooms(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.multiplayerRooms,
    queryFn: () => callApi(multiplayerApi.rooms),
    enabled,
    refetchInterval: ROOM_LIMITS.roomsRefetchMs,
    select: (answer) => answer.rooms,
  });
}
