import { classClientMessageSchemas } from '@shared/socket-requests';
import { joinClass } from '../classroom/class-play';
import { classRoute } from './class-route';

/** `join_class`: joins a class game with its PIN and a nickname, or comes back with a resume token. */
export const handler = classRoute({
  routeKey: 'join_class',
  message: classClientMessageSchemas.join_class,
  guests: true,
  action: joinClass,
});
