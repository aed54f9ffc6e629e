import { quizListQuerySchema } from '@shared/quiz-queries';
import { httpHandler } from '../../lib/http-handler';
import { listPublicQuizzes, toSummary } from '../../quizzes/quiz';
import { wordMatcher } from '../../quizzes/search';

/** `GET /api/quizzes?category&difficulty&search&limit`: public quizzes, newest first (at most 50). */
export const handler = httpHandler({
  route: 'GET /api/quizzes',
  query: quizListQuerySchema,
  handle: async ({ query }) => {
    const matches = wordMatcher(query.search ?? '');
    const quizzes = await listPublicQuizzes({
      ...(query.category ? { category: query.category } : {}),
      ...(query.difficulty ? { difficulty: query.difficulty } : {}),
      ...(matches ? { matches } : {}),
      limit: query.limit,
    });
    return { body: quizzes.map(toSummary) };
  },
});
