import { quizzesApi } from '@shared/contract/quizzes';
import { httpHandler } from '../http';
import { listPublicQuizzes, toSummary } from '../../quizzes/quiz';
import { wordMatcher } from '../../quizzes/search';

/** `GET /api/quizzes?category&difficulty&search&limit`: public quizzes, newest first (at most 50). */
export const handler = httpHandler(quizzesApi.list, async ({ query }) => {
  const matches = wordMatcher(query.search ?? '');
  const quizzes = await listPublicQuizzes({
    ...(query.category ? { category: query.category } : {}),
    ...(query.difficulty ? { difficulty: query.difficulty } : {}),
    ...(matches ? { matches } : {}),
    limit: query.limit,
  });
  return { body: quizzes.map(toSummary) };
});
