import { quizSearchQuerySchema } from '@shared/quiz-queries';
import { httpHandler } from '../../lib/http-handler';
import { toSummary } from '../../quizzes/quiz';
import { searchQuizzes } from '../../quizzes/search';

/** `GET /api/quizzes/search?q&category&difficulty&sort`: public quizzes matching the words. */
export const handler = httpHandler({
  route: 'GET /api/quizzes/search',
  query: quizSearchQuerySchema,
  handle: async ({ query }) => ({
    body: (
      await searchQuizzes({
        sort: query.sort,
        ...(query.q ? { q: query.q } : {}),
        ...(query.category ? { category: query.category } : {}),
        ...(query.difficulty ? { difficulty: query.difficulty } : {}),
      })
    ).map(toSummary),
  }),
});
