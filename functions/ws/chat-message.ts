import { clientMessageSchemas } from '@shared/multiplayer';
import { chat } from '../multiplayer/actions';
import { webSocketHandler } from './handler';

/** `chat_message`: a chat line to everyone in the room. */
export const handler = webSocketHandler({
  routeKey: 'chat_message',
  message: clientMessageSchemas.chat_message,
  handle: ({ message, ...caller }) => chat(caller, message),
});
