import { clientMessageSchemas } from '@shared/socket-requests';
import { updateSettings } from '../multiplayer/actions';
import { roomRoute } from './room-route';

/** `update_room_settings`: the host changes the settings; everyone's ready flag is cleared. */
export const handler = roomRoute({
  routeKey: 'update_room_settings',
  message: clientMessageSchemas.update_room_settings,
  action: updateSettings,
});
