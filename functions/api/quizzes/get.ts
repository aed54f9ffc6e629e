import { quizIdParamsSchema } from '@shared/quiz-queries';
import { httpHandler } from '../../lib/http-handler';
import { toDetail, viewableQuizDetail } from '../../quizzes/quiz';

/** `GET /api/quizzes/{id}`: the quiz with its questions, for whoever may see it (404 otherwise). */
export const handler = httpHandler({
  route: 'GET /api/quizzes/{id}',
  params: quizIdParamsSchema,
  handle: async ({ params, user }) => {
    const { quiz, questions } = await viewableQuizDetail(params.id, user);
    return { body: toDetail(quiz, questions) };
  },
});
