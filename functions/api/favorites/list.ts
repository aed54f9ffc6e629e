import { quizzesApi } from '@shared/contract/quizzes';
import { httpHandler } from '../http';
import { listFavorites } from '../../quizzes/favorite';
import { toSummary } from '../../quizzes/quiz-policy';
import { withTags } from '../../tags/tag';

/** `GET /api/favorites`: the signed-in user's favourite quizzes that they may still see. */
export const handler = httpHandler(quizzesApi.favorites, async ({ user }) => ({
  body: await withTags(await listFavorites(user), toSummary),
}));
