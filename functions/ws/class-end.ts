import { classClientMessageSchemas } from '@shared/socket-requests';
import { endClass } from '../classroom/class-play';
import { classRoute } from './class-route';

/** `class_end`: the host ends the game at once. */
export const handler = classRoute({
  routeKey: 'class_end',
  message: classClientMessageSchemas.class_end,
  action: endClass,
});
