import { attemptsApi } from '@shared/contract/attempts';
import { httpHandler } from '../http';
import { checkAnswer } from '../../quizzes/quiz';
import { requestOrigin } from '../request-origin';

/** `POST /api/quizzes/{id}/check`: one answer of a solo play checked (guests too), within the caller's allowance. */
export const handler = httpHandler(attemptsApi.check, async ({ params, body, user, event, log }) => ({
  body: await checkAnswer(params.id, body, { user, ipAddress: requestOrigin(event).ipAddress, log }),
}));
