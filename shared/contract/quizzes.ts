import * as z from 'zod';
import { messageSchema } from '../api';
import { quizIdParamsSchema, quizListQuerySchema, quizSearchQuerySchema } from '../quiz-queries';
import { createQuizSchema, reportSchema, updateQuizSchema } from '../quiz-schemas';
import { authorReportSchema, quizDetailSchema, quizForPlaySchema, quizSummarySchema } from '../quizzes';
import { defineRoute } from './define';

const quizList = z.array(quizSummarySchema);
const quizSaved = quizSummarySchema.extend({ message: z.string() });
const favoriteState = z.object({ isFavorite: z.boolean() });

/** Quizzes, the author's own quizzes, favourites and reports (core-platform §3, §5, §7). */
export const quizzesApi = {
  list: defineRoute('GET /api/quizzes', { query: quizListQuerySchema, response: quizList }),
  featured: defineRoute('GET /api/quizzes/featured', { response: quizSummarySchema.nullable() }),
  search: defineRoute('GET /api/quizzes/search', { query: quizSearchQuerySchema, response: quizList }),
  get: defineRoute('GET /api/quizzes/{id}', { params: quizIdParamsSchema, response: quizForPlaySchema }),
  create: defineRoute('POST /api/quizzes', { body: createQuizSchema, response: quizSaved }),
  update: defineRoute('PUT /api/quizzes/{id}', {
    params: quizIdParamsSchema,
    body: updateQuizSchema,
    response: quizSaved,
  }),
  delete: defineRoute('DELETE /api/quizzes/{id}', { params: quizIdParamsSchema, response: messageSchema }),
  mine: defineRoute('GET /api/my-quizzes', { response: quizList }),
  mineDetail: defineRoute('GET /api/my-quizzes/{id}', {
    params: quizIdParamsSchema,
    response: quizDetailSchema,
  }),
  report: defineRoute('POST /api/quizzes/{id}/report', {
    params: quizIdParamsSchema,
    body: reportSchema,
    response: z.object({ id: z.string(), message: z.string() }),
  }),
  reports: defineRoute('GET /api/quizzes/{id}/reports', {
    params: quizIdParamsSchema,
    response: z.array(authorReportSchema),
  }),
  favorites: defineRoute('GET /api/favorites', { response: quizList }),
  isFavorite: defineRoute('GET /api/favorites/{id}', { params: quizIdParamsSchema, response: favoriteState }),
  addFavorite: defineRoute('POST /api/favorites/{id}', {
    params: quizIdParamsSchema,
    response: favoriteState,
  }),
  removeFavorite: defineRoute('DELETE /api/favorites/{id}', {
    params: quizIdParamsSchema,
    response: favoriteState,
  }),
};
