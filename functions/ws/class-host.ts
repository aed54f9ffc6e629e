import { classClientMessageSchemas } from '@shared/socket-requests';
import { hostClass } from '../classroom/class-play';
import { classRoute } from './class-route';

/** `class_host`: attaches the host's screen to their game (again after a reconnect). */
export const handler = classRoute({
  routeKey: 'class_host',
  message: classClientMessageSchemas.class_host,
  action: hostClass,
});
