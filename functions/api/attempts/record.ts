import { ATTEMPT_MESSAGES } from '@shared/attempts';
import { attemptsApi } from '@shared/contract/attempts';
import { httpHandler } from '../http';
import { recordAttempt } from '../../quizzes/attempt';

/** `POST /api/quizzes/{id}/attempt`: saves a finished play; the server scores it from the stored answers. */
export const handler = httpHandler(attemptsApi.record, async ({ params, body, user, log }) => {
  const attempt = await recordAttempt(
    user,
    params.id,
    { answers: body.answers, answersByIndex: body.answersByIndex },
    log,
  );
  return {
    status: 201,
    body: {
      id: attempt.id,
      score: attempt.score,
      totalQuestions: attempt.totalQuestions,
      message: ATTEMPT_MESSAGES.saved,
    },
  };
});
