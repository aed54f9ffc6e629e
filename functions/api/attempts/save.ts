import { ATTEMPT_MESSAGES } from '@shared/attempt-messages';
import { attemptsApi } from '@shared/contract/attempts';
import { httpHandler } from '../http';
import { saveAttempt } from '../../quizzes/attempt';

/** `POST /api/quizzes/{id}/attempt`: saves a finished play; the server scores it from the stored answers. */
export const handler = httpHandler(attemptsApi.save, async ({ params, body, user, log }) => {
  const attempt = await saveAttempt(
    user,
    params.id,
    {
      answers: body.answers,
      answersByIndex: body.answersByIndex,
      playId: body.playId,
      secondsByQuestion: body.secondsByQuestion,
    },
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
