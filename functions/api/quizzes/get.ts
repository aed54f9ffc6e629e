import { quizzesApi } from '@shared/contract/quizzes';
import { httpHandler } from '../http';
import { toPlayable } from '../../quizzes/quiz-policy';
import { viewableQuizDetail } from '../../quizzes/quiz';
import { withQuizTags } from '../../tags/tag';

/**
 * `GET /api/quizzes/{id}`: the quiz with its questions, for whoever may see it (404 otherwise); the
 * answer key only for its author and administrators.
 */
export const handler = httpHandler(quizzesApi.get, async ({ params, user }) => {
  const detail = await viewableQuizDetail(params.id, user);
  return { body: await withQuizTags(detail.quiz, (_, tags) => toPlayable(detail, user, tags)) };
});
