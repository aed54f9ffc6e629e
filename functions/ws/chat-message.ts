import { clientMessageSchemas } from '@shared/socket-requests';
import { chat } from '../multiplayer/actions';
import { roomRoute } from './room-route';

/** `chat_message`: a chat line to everyone in the room. */
export const handler = roomRoute({
  routeKey: 'chat_message',
  message: clientMessageSchemas.chat_message,
  action: chat,
});
