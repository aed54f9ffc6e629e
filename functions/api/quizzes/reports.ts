import { quizIdParamsSchema } from '@shared/quiz-queries';
import { httpHandler } from '../../lib/http-handler';
import { listReportsForAuthor } from '../../quizzes/report';

/** `GET /api/quizzes/{id}/reports`: the reports on the author's own quiz (id, reason, details, reportedAt). */
export const handler = httpHandler({
  route: 'GET /api/quizzes/{id}/reports',
  params: quizIdParamsSchema,
  handle: async ({ params, user }) => ({ body: await listReportsForAuthor(user, params.id) }),
});
