import type { z } from 'zod';
import { CLASSROOM_MESSAGES } from '@shared/classroom';
import { clientMessageSchemas } from '@shared/multiplayer';
import { AppError } from '../lib/errors';
import { answer } from '../multiplayer/actions';
import { webSocketHandler, type OpenSocketRequest } from './handler';
import { runRoomAction } from './room-route';

type AnswerMessage = z.output<typeof clientMessageSchemas.answer>;

/**
 * `answer`: one answer per player and question, before the deadline. The same frame answers a
 * class game's question (docs/classroom.md) when the socket is a class player's (its connection
 * has a `classGameId`), a guest's or a member's; otherwise it is a room's answer, which only a
 * member's socket can give.
 */
export const handler = webSocketHandler({
  routeKey: 'answer',
  message: clientMessageSchemas.answer,
  guests: true,
  handle: async (request) => {
    if (request.connection.classGameId) return answerClassQuestion(request);
    if (!request.user) throw notJoined();
    const { message, ...caller } = request;
    await runRoomAction(answer, caller, message);
  },
});

const notJoined = () => new AppError(409, CLASSROOM_MESSAGES.notJoined, 'not_in_game');

/**
 * THE SEAM of the class game's answer: a socket whose connection names a class game
 * (`connection.classGameId`, `connection.classPlayerId`, set by `join_class` through
 * `markClassPlayer`) answers that game's open question here. The class game (functions/classroom/)
 * replaces this body with its answer (`answer_accepted`, or `error` with `too_late`,
 * `already_answered`, `not_in_game`…); until then the socket is answered as not in a game.
 */
async function answerClassQuestion(request: OpenSocketRequest<AnswerMessage>): Promise<void> {
  void request;
  throw notJoined();
}
