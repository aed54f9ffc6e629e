import { clientMessageSchemas } from '@shared/multiplayer';
import { answer } from '../multiplayer/actions';
import { webSocketHandler } from './handler';

/** `answer`: one answer per player and question, before the deadline. */
export const handler = webSocketHandler({
  routeKey: 'answer',
  message: clientMessageSchemas.answer,
  handle: ({ message, ...caller }) => answer(caller, message),
});
