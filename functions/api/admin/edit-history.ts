import { quizIdParamsSchema } from '@shared/quiz-queries';
import { hiddenEditHistory } from '../../admin/moderation';
import { httpHandler } from '../../lib/http-handler';

/** `GET /api/admin/quizzes/{id}/edit-history`: the edits made while the quiz was hidden. */
export const handler = httpHandler({
  route: 'GET /api/admin/quizzes/{id}/edit-history',
  params: quizIdParamsSchema,
  handle: async ({ params }) => ({ body: await hiddenEditHistory(params.id) }),
});
