import { quizzesApi } from '@shared/contract/quizzes';
import { httpHandler } from '../http';
import { listPublicQuizzes } from '../../quizzes/quiz-store';
import { toSummary } from '../../quizzes/quiz-policy';
import { searchQuizzes } from '../../search/search';
import { withTags } from '../../tags/tag';

/**
 * `GET /api/quizzes?category&difficulty&search&limit`: public quizzes, newest first (at most 50);
 * with `search`, the newest of the whole catalogue that match (the search index, docs/search.md).
 */
export const handler = httpHandler(quizzesApi.list, async ({ query }) => {
  const quizzes = query.search
    ? await searchQuizzes({ ...query, q: query.search, sort: 'newest' })
    : await listPublicQuizzes({
        ...(query.category ? { category: query.category } : {}),
        ...(query.difficulty ? { difficulty: query.difficulty } : {}),
        limit: query.limit,
      });
  return { body: await withTags(quizzes, toSummary) };
});
