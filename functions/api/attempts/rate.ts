import { attemptIdParamsSchema, ATTEMPT_MESSAGES, ratingSchema } from '@shared/attempts';
import { httpHandler } from '../../lib/http-handler';
import { rateAttempt } from '../../quizzes/attempt';

/** `PATCH /api/quiz-attempts/{id}/rating`: 1–5, only by the person who played. */
export const handler = httpHandler({
  route: 'PATCH /api/quiz-attempts/{id}/rating',
  params: attemptIdParamsSchema,
  body: ratingSchema,
  handle: async ({ params, body, user }) => {
    await rateAttempt(user, params.id, body.rating);
    return { body: { rating: body.rating, message: ATTEMPT_MESSAGES.rated } };
  },
});
