import { quizListQuerySchema } from '@shared/quiz-queries';
import { httpHandler } from '../../lib/http-handler';
import { listPublicQuizzes, toSummary } from '../../quizzes/quiz';
import { normalizeForSearch } from '../../quizzes/search';

/** `GET /api/quizzes?category&difficulty&search&limit`: public quizzes, newest first (at most 50). */
export const handler = httpHandler({
  route: 'GET /api/quizzes',
  query: quizListQuerySchema,
  handle: async ({ query }) => {
    const search = query.search ? normalizeForSearch(query.search) : '';
    const quizzes = await listPublicQuizzes({
      ...(query.category ? { category: query.category } : {}),
      ...(query.difficulty ? { difficulty: query.difficulty } : {}),
      ...(search
        ? {
            matches: (quiz) =>
              normalizeForSearch(`${quiz.title}\n${quiz.description}\n${quiz.category}`).includes(search),
          }
        : {}),
      limit: query.limit,
    });
    return { body: quizzes.map(toSummary) };
  },
});
