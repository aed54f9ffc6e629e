import { activeRoomsSchema } from '../multiplayer';
import { defineRoute } from './define';

/** Multiplayer over HTTP (docs/spec/multiplayer-membership-study.md §7); the game itself runs on the socket (shared/multiplayer.ts). */
export const multiplayerApi = {
  rooms: defineRoute('GET /api/multiplayer/rooms', { response: activeRoomsSchema }),
};
