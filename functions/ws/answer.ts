import { CLASSROOM_MESSAGES } from '@shared/socket-protocol';
import { clientMessageSchemas } from '@shared/socket-requests';
import { classAnswer } from '../classroom/class-play';
import { AppError } from '../lib/errors';
import { answer } from '../multiplayer/actions';
import { asClassRefusal, classCaller } from './class-route';
import { webSocketHandler } from './handler';
import { runRoomAction } from './room-route';

/**
 * `answer`: one answer per player and question, before the deadline. A socket that joined a class
 * game (its connection names the game: a guest's or a member's) answers the class question
 * (docs/classroom.md); any other answers its room's, which only a member's socket can have.
 */
export const handler = webSocketHandler({
  routeKey: 'answer',
  message: clientMessageSchemas.answer,
  guests: true,
  handle: async ({ message, ...request }) => {
    if (request.connection.classGameId) {
      await asClassRefusal(() => classAnswer(classCaller(request), message));
      return;
    }
    if (!request.user) throw new AppError(409, CLASSROOM_MESSAGES.notJoined, 'not_in_game');
    await runRoomAction(answer, { ...request, user: request.user }, message);
  },
});
