import { classClientMessageSchemas } from '@shared/socket-requests';
import { lockClass } from '../classroom/class-play';
import { classRoute } from './class-route';

/** `class_lock`: the host closes or opens the game to new players. */
export const handler = classRoute({
  routeKey: 'class_lock',
  message: classClientMessageSchemas.class_lock,
  action: lockClass,
});
