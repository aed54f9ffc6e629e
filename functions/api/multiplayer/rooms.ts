import { multiplayerApi } from '@shared/contract/multiplayer';
import { listActiveRooms } from '../../multiplayer/room-store';
import { httpHandler } from '../http';

/** `GET /api/multiplayer/rooms`: the lobby's active rooms (polled every 5 s); no codes of rooms nobody is in. */
export const handler = httpHandler(multiplayerApi.rooms, async () => ({
  body: { rooms: await listActiveRooms() },
}));
