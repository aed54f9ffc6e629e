import { queryOptions, useQuery } from '@tanstack/react-query';
import { multiplayerApi } from '@shared/contract/multiplayer';
import { ROOM_LIMITS } from '@shared/multiplayer';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/multiplayer/rooms`: the rooms open to join. */
export const getActiveRooms = () => callApi(multiplayerApi.rooms);

/** Polled every 5 seconds while the lobby is shown (docs/spec/multiplayer-membership-study.md §2, §9). */
export const activeRoomsQuery = queryOptions({
  queryKey: queryKeys.multiplayerRooms,
  queryFn: getActiveRooms,
  refetchInterval: ROOM_LIMITS.roomsRefetchMs,
  select: (answer) => answer.rooms,
});

export function useActiveRooms(enabled: boolean) {
  return useQuery({ ...activeRoomsQuery, enabled });
}
