import { classClientMessageSchemas } from '@shared/socket-requests';
import { revealNow } from '../classroom/class-play';
import { classRoute } from './class-route';

/** `class_reveal_now`: the host ends the open question now. */
export const handler = classRoute({
  routeKey: 'class_reveal_now',
  message: classClientMessageSchemas.class_reveal_now,
  action: revealNow,
});
