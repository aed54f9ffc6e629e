import { quizzesApi } from '@shared/contract/quizzes';
import { httpHandler } from '../http';
import { listFavorites } from '../../quizzes/favorite';
import { toSummary } from '../../quizzes/quiz-policy';

/** `GET /api/favorites`: the signed-in user's favourite quizzes that they may still see. */
export const handler = httpHandler(quizzesApi.favorites, async ({ user }) => ({
  body: (await listFavorites(user)).map(toSummary),
}));
