import { classroomApi } from '@shared/contract/classroom';
import { createClassGame } from '../../classroom/class-game';
import { httpHandler } from '../http';

/** `POST /api/classroom/games`: opens a class game on a quiz; its PIN and join URL. */
export const handler = httpHandler(classroomApi.create, async ({ body, user }) => ({
  status: 201,
  body: await createClassGame(user, body),
}));
