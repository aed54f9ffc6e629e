import { classroomApi } from '@shared/contract/classroom';
import { classResultsCsv } from '../../classroom/class-game';
import { httpHandler } from '../http';

/** `GET /api/classroom/games/{gameId}/results.csv`: the results as a spreadsheet (host only). */
export const handler = httpHandler(classroomApi.resultsCsv, async ({ params, user }) => ({
  body: await classResultsCsv(user, params.gameId),
}));
