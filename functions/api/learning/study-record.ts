import { learningApi } from '@shared/contract/learning';
import { httpHandler } from '../http';
import { recordStudyAnswer } from '../../learning/record-store';
import { countAnswerCheck, viewableQuizDetail } from '../../quizzes/quiz';
import { NotFoundError } from '../../lib/errors';
import { requestOrigin } from '../request-origin';

/**
 * `POST /api/study/session`: one answered question; correctness is decided from the stored answer.
 * Saying whether an answer is right reads the key, so it counts in the answer checks' allowances.
 */
export const handler = httpHandler(learningApi.studyAnswer, async ({ body, user, event }) => {
  const detail = viewableQuizDetail(body.quizId, user);
  detail.catch(() => undefined);
  await countAnswerCheck({ user, ipAddress: requestOrigin(event).ipAddress });
  const { questions } = await detail;
  const question = questions.find((candidate) => candidate.id === body.questionId);
  if (!question) throw new NotFoundError();
  const isCorrect = body.userAnswer === question.correctAnswer;
  await recordStudyAnswer(user.id, {
    quizId: body.quizId,
    questionId: body.questionId,
    userAnswer: body.userAnswer,
    isCorrect,
    timeSpent: body.timeSpent,
  });
  return { status: 201, body: { isCorrect } };
});
