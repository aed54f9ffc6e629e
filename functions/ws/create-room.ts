import { clientMessageSchemas } from '@shared/multiplayer';
import { createRoom } from '../multiplayer/actions';
import { webSocketHandler } from './handler';

/** `create_room`: opens a room on a quiz the member may see, with them as host. */
export const handler = webSocketHandler({
  routeKey: 'create_room',
  message: clientMessageSchemas.create_room,
  handle: ({ message, ...caller }) => createRoom(caller, message),
});
