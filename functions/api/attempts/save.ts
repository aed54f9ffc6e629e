import { ATTEMPT_MESSAGES } from '@shared/attempt-messages';
import { attemptsApi } from '@shared/contract/attempts';
import { httpHandler } from '../http';
import { saveAttempt } from '../../quizzes/attempt';
import { requestOrigin } from '../request-origin';

/** `POST /api/quizzes/{id}/attempt`: saves a finished play; the server scores it from the stored answers. */
export const handler = httpHandler(attemptsApi.save, async ({ params, body, user, event, log }) => {
  const attempt = await saveAttempt(
    user,
    requestOrigin(event).ipAddress,
    params.id,
    {
      answers: body.answers,
      answersByIndex: body.answersByIndex,
      playId: body.playId,
      roomId: body.roomId,
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
