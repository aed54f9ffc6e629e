import { quizzesApi } from '@shared/contract/quizzes';
import { httpHandler } from '../http';
import { toSummary } from '../../quizzes/quiz-policy';
import { searchQuizzes } from '../../search/search';
import { withTags } from '../../tags/tag';

/** `GET /api/quizzes/search?q&category&difficulty&tag&sort`: public quizzes matching the words and filters. */
export const handler = httpHandler(quizzesApi.search, async ({ query }) => ({
  body: await withTags(
    await searchQuizzes({
      sort: query.sort,
      q: query.q,
      category: query.category,
      difficulty: query.difficulty,
      tag: query.tag,
    }),
    toSummary,
  ),
}));
