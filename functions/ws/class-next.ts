import { classClientMessageSchemas } from '@shared/socket-requests';
import { nextClass } from '../classroom/class-play';
import { classRoute } from './class-route';

/** `class_next`: the host goes on from a reveal: the next question or the end. */
export const handler = classRoute({
  routeKey: 'class_next',
  message: classClientMessageSchemas.class_next,
  action: nextClass,
});
