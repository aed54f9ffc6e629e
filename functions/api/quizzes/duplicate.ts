import { QUIZ_COPY_MESSAGES } from '@shared/quiz-copy';
import { quizzesApi } from '@shared/contract/quizzes';
import { httpHandler } from '../http';
import { duplicateQuiz } from '../../quizzes/duplicate';
import { toSummary } from '../../quizzes/quiz-policy';
import { withQuizTags } from '../../tags/tag';

/** `POST /api/quizzes/{id}/duplicate`: a copy of the author's quiz, counted as a creation (quota). */
export const handler = httpHandler(quizzesApi.duplicate, async ({ params, user }) => ({
  status: 201,
  body: {
    ...(await withQuizTags(await duplicateQuiz(user, params.id), toSummary)),
    message: QUIZ_COPY_MESSAGES.duplicated,
  },
}));
