import { clientMessageSchemas } from '@shared/multiplayer';
import { classAnswer } from '../classroom/class-play';
import { answer } from '../multiplayer/actions';
import { RoomError } from '../multiplayer/errors';
import { asClassRefusal, classCaller } from './class-route';
import { webSocketHandler } from './handler';
import { toSocketError } from './room-route';

/**
 * `answer`: one answer per player and question, before the deadline. A socket that joined a class
 * game (its connection names the game) answers the class question; any other the room's.
 */
export const handler = webSocketHandler({
  routeKey: 'answer',
  message: clientMessageSchemas.answer,
  handle: async ({ message, ...request }) => {
    if (request.connection.classGameId) {
      await asClassRefusal(() => classAnswer(classCaller(request), message));
      return;
    }
    try {
      await answer(request, message);
    } catch (error) {
      throw error instanceof RoomError ? toSocketError(error) : error;
    }
  },
});
