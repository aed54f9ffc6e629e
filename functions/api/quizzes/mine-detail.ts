import { QUIZ_MESSAGES } from '@shared/quizzes';
import { NotFoundError } from '../../lib/errors';
import { quizzesApi } from '@shared/contract/quizzes';
import { httpHandler } from '../http';
import { getQuizDetail } from '../../quizzes/quiz-store';
import { toDetail } from '../../quizzes/quiz-policy';
import { withQuizTags } from '../../tags/tag';

/** `GET /api/my-quizzes/{id}`: one of the author's quizzes with its questions, for the edit dialog. */
export const handler = httpHandler(quizzesApi.mineDetail, async ({ params, user }) => {
  const detail = await getQuizDetail(params.id);
  if (!detail || detail.quiz.authorId !== user.id || detail.quiz.status !== 'active')
    throw new NotFoundError(QUIZ_MESSAGES.notFound);
  return { body: await withQuizTags(detail.quiz, (quiz, tags) => toDetail(quiz, detail.questions, tags)) };
});
