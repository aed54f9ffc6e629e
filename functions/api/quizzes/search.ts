import { quizzesApi } from '@shared/contract/quizzes';
import { httpHandler } from '../http';
import { toSummary } from '../../quizzes/quiz-policy';
import { searchQuizzes } from '../../search/search';

/** `GET /api/quizzes/search?q&category&difficulty&sort`: public quizzes matching the words. */
export const handler = httpHandler(quizzesApi.search, async ({ query }) => ({
  body: (
    await searchQuizzes({
      sort: query.sort,
      q: query.q,
      category: query.category,
      difficulty: query.difficulty,
    })
  ).map(toSummary),
}));
