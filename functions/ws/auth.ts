import { clientMessageSchemas } from '@shared/socket-requests';
import { authenticate } from '../multiplayer/actions';
import { roomRoute } from './room-route';

/** `auth`: who the socket belongs to; a member who still holds a seat is put back in the room (rejoin). */
export const handler = roomRoute({
  routeKey: 'auth',
  message: clientMessageSchemas.auth,
  action: authenticate,
});
