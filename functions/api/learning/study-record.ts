import { learningApi } from '@shared/contract/learning';
import { httpHandler } from '../http';
import { recordStudyAnswer } from '../../learning/record-store';
import { viewableQuizDetail } from '../../quizzes/quiz';
import { NotFoundError } from '../../lib/errors';

/** `POST /api/study/session`: one answered question; correctness is decided from the stored answer. */
export const handler = httpHandler(learningApi.studyAnswer, async ({ body, user }) => {
  const { questions } = await viewableQuizDetail(body.quizId, user);
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
