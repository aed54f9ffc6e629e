import { quizzesApi } from '@shared/contract/quizzes';
import { httpHandler } from '../http';
import { listReportsForAuthor } from '../../quizzes/report';

/** `GET /api/quizzes/{id}/reports`: the reports on the author's own quiz (id, reason, details, reportedAt). */
export const handler = httpHandler(quizzesApi.reports, async ({ params, user }) => ({
  body: await listReportsForAuthor(user, params.id),
}));
