import { clientMessageSchemas } from '@shared/socket-requests';
import { toggleReady } from '../multiplayer/actions';
import { roomRoute } from './room-route';

/** `ready`: toggles the member's ready flag; the game starts when everyone is ready. */
export const handler = roomRoute({
  routeKey: 'ready',
  message: clientMessageSchemas.ready,
  action: toggleReady,
});
