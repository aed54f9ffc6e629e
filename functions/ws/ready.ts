import { clientMessageSchemas } from '@shared/multiplayer';
import { toggleReady } from '../multiplayer/actions';
import { webSocketHandler } from './handler';

/** `ready`: toggles the member's ready flag; the game starts when everyone is ready. */
export const handler = webSocketHandler({
  routeKey: 'ready',
  message: clientMessageSchemas.ready,
  handle: (caller) => toggleReady(caller),
});
