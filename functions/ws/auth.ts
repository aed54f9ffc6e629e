import { clientMessageSchemas } from '@shared/multiplayer';
import { authenticate } from '../multiplayer/actions';
import { webSocketHandler } from './handler';

/** `auth`: who the socket belongs to; a member who still holds a seat is put back in the room (rejoin). */
export const handler = webSocketHandler({
  routeKey: 'auth',
  message: clientMessageSchemas.auth,
  handle: ({ message, ...caller }) => authenticate(caller, message),
});
