import { clientMessageSchemas } from '@shared/socket-requests';
import { leaveRoom } from '../multiplayer/actions';
import { roomRoute } from './room-route';

/** `leave_room`: gives up the seat; the host passes on; an empty room is removed. */
export const handler = roomRoute({
  routeKey: 'leave_room',
  message: clientMessageSchemas.leave_room,
  action: leaveRoom,
});
