import { quizAnalyticsApi } from '@shared/contract/quiz-analytics';
import { httpHandler } from '../http';
import { readQuizAnalytics } from '../../quizzes/analytics';

/** `GET /api/my-quizzes/{id}/analytics`: a quiz's per-question figures, for its author and administrators. */
export const handler = httpHandler(quizAnalyticsApi.get, async ({ params, user }) => ({
  body: await readQuizAnalytics(user, params.id),
}));
