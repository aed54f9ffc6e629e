import { classClientMessageSchemas } from '@shared/socket-requests';
import { kickPlayer } from '../classroom/class-play';
import { classRoute } from './class-route';

/** `class_kick`: the host removes a player. */
export const handler = classRoute({
  routeKey: 'class_kick',
  message: classClientMessageSchemas.class_kick,
  action: kickPlayer,
});
