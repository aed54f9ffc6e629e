import { classClientMessageSchemas } from '@shared/socket-requests';
import { startClass } from '../classroom/class-play';
import { classRoute } from './class-route';

/** `class_start`: the host starts the game: the first question. */
export const handler = classRoute({
  routeKey: 'class_start',
  message: classClientMessageSchemas.class_start,
  action: startClass,
});
