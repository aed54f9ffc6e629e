import { activeRoomsSchema } from '../multiplayer';
import { defineRoute } from './define';

/** Multiplayer over HTTP (second document §7); the game itself runs on the socket (shared/multiplayer.ts). */
export const multiplayerApi = {
  rooms: defineRoute('GET /api/multiplayer/rooms', { response: activeRoomsSchema }),
};
