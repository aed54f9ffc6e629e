import { clientMessageSchemas } from '@shared/multiplayer';
import { joinRoom } from '../multiplayer/actions';
import { webSocketHandler } from './handler';

/** `join_room`: takes a seat in a waiting room by its code (and password). */
export const handler = webSocketHandler({
  routeKey: 'join_room',
  message: clientMessageSchemas.join_room,
  handle: ({ message, ...caller }) => joinRoom(caller, message),
});
