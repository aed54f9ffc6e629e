import { quizzesApi } from '@shared/contract/quizzes';
import { httpHandler } from '../http';
import { listOwnQuizzes } from '../../quizzes/quiz-store';
import { toSummary } from '../../quizzes/quiz-policy';
import { withTags } from '../../tags/tag';

/** `GET /api/my-quizzes`: the signed-in author's quizzes, hidden and private ones included. */
export const handler = httpHandler(quizzesApi.mine, async ({ user }) => ({
  body: await withTags(await listOwnQuizzes(user.id), toSummary),
}));
