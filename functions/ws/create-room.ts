import { clientMessageSchemas } from '@shared/socket-requests';
import { createRoom } from '../multiplayer/actions';
import { roomRoute } from './room-route';

/** `create_room`: opens a room on a quiz the member may see, with them as host. */
export const handler = roomRoute({
  routeKey: 'create_room',
  message: clientMessageSchemas.create_room,
  action: createRoom,
});
