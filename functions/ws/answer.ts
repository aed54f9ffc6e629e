import { clientMessageSchemas } from '@shared/multiplayer';
import { answer } from '../multiplayer/actions';
import { roomRoute } from './room-route';

/** `answer`: one answer per player and question, before the deadline. */
export const handler = roomRoute({
  routeKey: 'answer',
  message: clientMessageSchemas.answer,
  action: answer,
});
