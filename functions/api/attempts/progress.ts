import { attemptsApi } from '@shared/contract/attempts';
import { httpHandler } from '../http';
import { saveProgress } from '../../quizzes/attempt';

/** `POST /api/quizzes/{id}/attempt/progress`: the answers so far, sent at each answer. */
export const handler = httpHandler(attemptsApi.saveProgress, async ({ params, body, user }) => {
  await saveProgress(user, params.id, body.answers);
  return { body: { saved: true as const } };
});
