import { QUIZ_MESSAGES } from '@shared/quizzes';
import { NotFoundError } from '../../lib/errors';
import { adminApi } from '@shared/contract/admin';
import { httpHandler } from '../http';
import { getQuizDetail } from '../../quizzes/quiz-store';
import { toDetail } from '../../quizzes/quiz-policy';
import { withQuizTags } from '../../tags/tag';

/** `GET /api/admin/quizzes/{id}`: the full quiz with its questions, hidden or not. */
export const handler = httpHandler(adminApi.quiz, async ({ params }) => {
  const detail = await getQuizDetail(params.id);
  if (!detail || detail.quiz.status !== 'active') throw new NotFoundError(QUIZ_MESSAGES.notFound);
  return { body: await withQuizTags(detail.quiz, (quiz, tags) => toDetail(quiz, detail.questions, tags)) };
});
