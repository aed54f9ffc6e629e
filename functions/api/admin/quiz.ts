import { QUIZ_MESSAGES } from '@shared/quizzes';
import { quizIdParamsSchema } from '@shared/quiz-queries';
import { NotFoundError } from '../../lib/errors';
import { httpHandler } from '../../lib/http-handler';
import { getQuizDetail, toDetail } from '../../quizzes/quiz';

/** `GET /api/admin/quizzes/{id}`: the full quiz with its questions, hidden or not. */
export const handler = httpHandler({
  route: 'GET /api/admin/quizzes/{id}',
  params: quizIdParamsSchema,
  handle: async ({ params }) => {
    const detail = await getQuizDetail(params.id);
    if (!detail || detail.quiz.status !== 'active') throw new NotFoundError(QUIZ_MESSAGES.notFound);
    return { body: toDetail(detail.quiz, detail.questions) };
  },
});
