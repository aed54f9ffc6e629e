import { QUIZ_MESSAGES } from '@shared/quizzes';
import { quizIdParamsSchema } from '@shared/quiz-queries';
import { NotFoundError } from '../../lib/errors';
import { httpHandler } from '../../lib/http-handler';
import { getQuizDetail, toDetail } from '../../quizzes/quiz';

/** `GET /api/my-quizzes/{id}`: one of the author's quizzes with its questions, for the edit dialog. */
export const handler = httpHandler({
  route: 'GET /api/my-quizzes/{id}',
  params: quizIdParamsSchema,
  handle: async ({ params, user }) => {
    const detail = await getQuizDetail(params.id);
    if (!detail || detail.quiz.authorId !== user.id || detail.quiz.status !== 'active')
      throw new NotFoundError(QUIZ_MESSAGES.notFound);
    return { body: toDetail(detail.quiz, detail.questions) };
  },
});
