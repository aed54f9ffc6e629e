import { ATTEMPT_MESSAGES } from '@shared/attempt-messages';
import { attemptsApi } from '@shared/contract/attempts';
import { httpHandler } from '../http';
import { rateAttempt } from '../../quizzes/attempt';

/** `PATCH /api/quiz-attempts/{id}/rating`: 1–5, only by the person who played. */
export const handler = httpHandler(attemptsApi.rate, async ({ params, body, user }) => {
  await rateAttempt(user, params.id, body.rating);
  return { body: { rating: body.rating, message: ATTEMPT_MESSAGES.rated } };
});
