import { quizAnalyticsSchema } from '../quiz-analytics';
import { quizIdParamsSchema } from '../quiz-schemas';
import { defineRoute } from './define';

/** The author's per-question analytics of a quiz (issue 30). */
export const quizAnalyticsApi = {
  get: defineRoute('GET /api/my-quizzes/{id}/analytics', {
    params: quizIdParamsSchema,
    response: quizAnalyticsSchema,
  }),
};
