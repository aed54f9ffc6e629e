import { classroomApi } from '@shared/contract/classroom';
import { classResults } from '../../classroom/class-game';
import { httpHandler } from '../http';

/** `GET /api/classroom/games/{gameId}/results`: the final table and each question's figures (host only). */
export const handler = httpHandler(classroomApi.results, async ({ params, user }) => ({
  body: await classResults(user, params.gameId),
}));
