import { classClientMessageSchemas } from '@shared/socket-requests';
import { leaveClass } from '../classroom/class-play';
import { classRoute } from './class-route';

/** `leave_class`: leaves the class game for good; the host is told. */
export const handler = classRoute({
  routeKey: 'leave_class',
  message: classClientMessageSchemas.leave_class,
  guests: true,
  action: leaveClass,
});
