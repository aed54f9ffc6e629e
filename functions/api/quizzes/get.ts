import { quizzesApi } from '@shared/contract/quizzes';
import { httpHandler } from '../http';
import { toDetail, viewableQuizDetail } from '../../quizzes/quiz';

/** `GET /api/quizzes/{id}`: the quiz with its questions, for whoever may see it (404 otherwise). */
export const handler = httpHandler(quizzesApi.get, async ({ params, user }) => {
  const { quiz, questions } = await viewableQuizDetail(params.id, user);
  return { body: toDetail(quiz, questions) };
});
