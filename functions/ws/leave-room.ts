import { clientMessageSchemas } from '@shared/multiplayer';
import { leaveRoom } from '../multiplayer/actions';
import { webSocketHandler } from './handler';

/** `leave_room`: gives up the seat; the host passes on; an empty room is removed. */
export const handler = webSocketHandler({
  routeKey: 'leave_room',
  message: clientMessageSchemas.leave_room,
  handle: (caller) => leaveRoom(caller),
});
