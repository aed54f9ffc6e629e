import { quizzesApi } from '@shared/contract/quizzes';
import { httpHandler } from '../http';
import { toSummary } from '../../quizzes/quiz';
import { searchQuizzes } from '../../quizzes/search';

/** `GET /api/quizzes/search?q&category&difficulty&sort`: public quizzes matching the words. */
export const handler = httpHandler(quizzesApi.search, async ({ query }) => ({
  body: (
    await searchQuizzes({
      sort: query.sort,
      ...(query.q ? { q: query.q } : {}),
      ...(query.category ? { category: query.category } : {}),
      ...(query.difficulty ? { difficulty: query.difficulty } : {}),
    })
  ).map(toSummary),
}));
