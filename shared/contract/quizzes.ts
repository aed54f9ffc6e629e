import * as z from 'zod';
import { messageSchema } from '../api';
import {
  authorReportSchema,
  createQuizSchema,
  favoriteStateSchema,
  quizDetailSchema,
  quizForPlaySchema,
  quizIdParamsSchema,
  quizListQuerySchema,
  quizListSchema,
  quizSavedSchema,
  quizSearchQuerySchema,
  quizSummarySchema,
  reportSchema,
  updateQuizSchema,
} from '../quiz-schemas';
import { defineRoute } from './define';

/** Quizzes, the author's own quizzes, favourites and reports (docs/spec/core-platform.md §3, §5, §7). */
export const quizzesApi = {
  list: defineRoute('GET /api/quizzes', { query: quizListQuerySchema, response: quizListSchema }),
  featured: defineRoute('GET /api/quizzes/featured', { response: quizSummarySchema.nullable() }),
  search: defineRoute('GET /api/quizzes/search', { query: quizSearchQuerySchema, response: quizListSchema }),
  get: defineRoute('GET /api/quizzes/{id}', { params: quizIdParamsSchema, response: quizForPlaySchema }),
  create: defineRoute('POST /api/quizzes', { body: createQuizSchema, response: quizSavedSchema }),
  update: defineRoute('PUT /api/quizzes/{id}', {
    params: quizIdParamsSchema,
    body: updateQuizSchema,
    response: quizSavedSchema,
  }),
  delete: defineRoute('DELETE /api/quizzes/{id}', { params: quizIdParamsSchema, response: messageSchema }),
  /** Issue 30: a copy of one of the author's quizzes, titled 「…（コピー）」, within the creation quota. */
  duplicate: defineRoute('POST /api/quizzes/{id}/duplicate', {
    params: quizIdParamsSchema,
    response: quizSavedSchema,
  }),
  mine: defineRoute('GET /api/my-quizzes', { response: quizListSchema }),
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
  favorites: defineRoute('GET /api/favorites', { response: quizListSchema }),
  isFavorite: defineRoute('GET /api/favorites/{id}', {
    params: quizIdParamsSchema,
    response: favoriteStateSchema,
  }),
  addFavorite: defineRoute('POST /api/favorites/{id}', {
    params: quizIdParamsSchema,
    response: favoriteStateSchema,
  }),
  removeFavorite: defineRoute('DELETE /api/favorites/{id}', {
    params: quizIdParamsSchema,
    response: favoriteStateSchema,
  }),
};
