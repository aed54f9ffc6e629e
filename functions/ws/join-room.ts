import { clientMessageSchemas } from '@shared/socket-requests';
import { joinRoom } from '../multiplayer/actions';
import { roomRoute } from './room-route';

/** `join_room`: takes a seat in a waiting room by its code (and password). */
export const handler = roomRoute({
  routeKey: 'join_room',
  message: clientMessageSchemas.join_room,
  action: joinRoom,
});
