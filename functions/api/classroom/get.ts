import { classroomApi } from '@shared/contract/classroom';
import { getHostGame } from '../../classroom/class-game';
import { httpHandler } from '../http';

/** `GET /api/classroom/games/{gameId}`: the game as the host's screen shows it (host only). */
export const handler = httpHandler(classroomApi.get, async ({ params, user }) => ({
  body: await getHostGame(user, params.gameId),
}));
