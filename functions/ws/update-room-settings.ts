import { clientMessageSchemas } from '@shared/multiplayer';
import { updateSettings } from '../multiplayer/actions';
import { webSocketHandler } from './handler';

/** `update_room_settings`: the host changes the settings; everyone's ready flag is cleared. */
export const handler = webSocketHandler({
  routeKey: 'update_room_settings',
  message: clientMessageSchemas.update_room_settings,
  handle: ({ message, ...caller }) => updateSettings(caller, message),
});
