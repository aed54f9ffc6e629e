import { quizzesApi } from '@shared/contract/quizzes';
import { httpHandler } from '../http';
import { listOwnQuizzes } from '../../quizzes/quiz-store';
import { toSummary } from '../../quizzes/quiz-policy';

/** `GET /api/my-quizzes`: the signed-in author's quizzes, hidden and private ones included. */
export const handler = httpHandler(quizzesApi.mine, async ({ user }) => ({
  body: (await listOwnQuizzes(user.id)).map(toSummary),
}));
