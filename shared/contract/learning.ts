import {
  activityResponseSchema,
  createPlanSchema,
  createTodoSchema,
  dailyStatsQuerySchema,
  dailyStatsSchema,
  dashboardSchema,
  learningDeletedSchema,
  planIdParamsSchema,
  reviewAnswerResultSchema,
  reviewAnswerSchema,
  reviewQueueSchema,
  reviewSessionRequestSchema,
  reviewSessionSchema,
  sessionsQuerySchema,
  studyAnswerResultSchema,
  studyPlanSchema,
  studyPlansSchema,
  studyRecordSchema,
  studySessionsSchema,
  todoIdParamsSchema,
  todoSchema,
  todosQuerySchema,
  todosSchema,
  updatePlanSchema,
  updateTodoSchema,
  userStatsSchema,
  weaknessesSchema,
} from '../learning';
import { defineRoute } from './define';

/**
 * A member's stats, activity and study records (docs/spec/core-platform.md §3, §7), and the
 * learning records of issue 29 (docs/spec/multiplayer-membership-study.md's data schema): the
 * dashboard, daily stats, weaknesses, study sessions, study plans, daily to-dos and the review of
 * mistakes. Signed-in members only; each sees their own.
 */
export const learningApi = {
  studyAnswer: defineRoute('POST /api/study/session', {
    body: studyRecordSchema,
    response: studyAnswerResultSchema,
  }),
  stats: defineRoute('GET /api/user/stats', { response: userStatsSchema }),
  activity: defineRoute('GET /api/user/activity', { response: activityResponseSchema }),

  dashboard: defineRoute('GET /api/learning/dashboard', { response: dashboardSchema }),
  dailyStats: defineRoute('GET /api/learning/daily-stats', {
    query: dailyStatsQuerySchema,
    response: dailyStatsSchema,
  }),
  weaknesses: defineRoute('GET /api/learning/weaknesses', { response: weaknessesSchema }),
  sessions: defineRoute('GET /api/learning/sessions', {
    query: sessionsQuerySchema,
    response: studySessionsSchema,
  }),

  plans: defineRoute('GET /api/study-plans', { response: studyPlansSchema }),
  createPlan: defineRoute('POST /api/study-plans', { body: createPlanSchema, response: studyPlanSchema }),
  updatePlan: defineRoute('PUT /api/study-plans/{id}', {
    params: planIdParamsSchema,
    body: updatePlanSchema,
    response: studyPlanSchema,
  }),
  deletePlan: defineRoute('DELETE /api/study-plans/{id}', {
    params: planIdParamsSchema,
    response: learningDeletedSchema,
  }),

  todos: defineRoute('GET /api/todos', { query: todosQuerySchema, response: todosSchema }),
  createTodo: defineRoute('POST /api/todos', { body: createTodoSchema, response: todoSchema }),
  updateTodo: defineRoute('PATCH /api/todos/{id}', {
    params: todoIdParamsSchema,
    body: updateTodoSchema,
    response: todoSchema,
  }),
  deleteTodo: defineRoute('DELETE /api/todos/{id}', {
    params: todoIdParamsSchema,
    response: learningDeletedSchema,
  }),

  reviewQueue: defineRoute('GET /api/review/queue', { response: reviewQueueSchema }),
  reviewSession: defineRoute('POST /api/review/session', {
    body: reviewSessionRequestSchema,
    response: reviewSessionSchema,
  }),
  reviewAnswer: defineRoute('POST /api/review/answer', {
    body: reviewAnswerSchema,
    response: reviewAnswerResultSchema,
  }),
};
