import { classroomApi } from '@shared/contract/classroom';
import { listClassGames } from '../../classroom/class-game';
import { httpHandler } from '../http';

/** `GET /api/classroom/games`: the host's class games of the last 90 days, newest first. */
export const handler = httpHandler(classroomApi.list, async ({ user }) => ({
  body: await listClassGames(user),
}));
