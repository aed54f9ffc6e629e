import { attemptSchema, ATTEMPT_MESSAGES, type AttemptResult } from '@shared/attempts';
import { quizIdParamsSchema } from '@shared/quiz-queries';
import { httpHandler } from '../../lib/http-handler';
import { recordAttempt } from '../../quizzes/attempt';

/** `POST /api/quizzes/{id}/attempt`: saves a finished play; the server scores it from the stored answers. */
export const handler = httpHandler({
  route: 'POST /api/quizzes/{id}/attempt',
  params: quizIdParamsSchema,
  body: attemptSchema,
  handle: async ({ params, body, user }) => {
    const attempt = await recordAttempt(user, params.id, {
      answers: body.answers,
      answersByIndex: body.answersByIndex,
    });
    return {
      status: 201,
      body: {
        id: attempt.id,
        score: attempt.score,
        totalQuestions: attempt.totalQuestions,
        message: ATTEMPT_MESSAGES.saved,
      } satisfies AttemptResult,
    };
  },
});
