import { QUIZ_MESSAGES } from '@shared/quizzes';
import { quizzesApi } from '@shared/contract/quizzes';
import { httpHandler } from '../http';
import { toSummary } from '../../quizzes/quiz-policy';
import { withQuizTags } from '../../tags/tag';
import { updateQuiz } from '../../quizzes/quiz';

/** `PUT /api/quizzes/{id}`: the author replaces the quiz and its questions; the edit is recorded. */
export const handler = httpHandler(quizzesApi.update, async ({ params, body, user }) => ({
  body: {
    ...(await withQuizTags(await updateQuiz(user, params.id, body), toSummary)),
    message: QUIZ_MESSAGES.updated,
  },
}));
