import { progressSchema } from '@shared/attempts';
import { quizIdParamsSchema } from '@shared/quiz-queries';
import { httpHandler } from '../../lib/http-handler';
import { saveProgress } from '../../quizzes/attempt';

/** `POST /api/quizzes/{id}/attempt/progress`: the answers so far, sent at each answer. */
export const handler = httpHandler({
  route: 'POST /api/quizzes/{id}/attempt/progress',
  params: quizIdParamsSchema,
  body: progressSchema,
  handle: async ({ params, body, user }) => {
    await saveProgress(user, params.id, body.answers);
    return { body: { saved: true } };
  },
});
