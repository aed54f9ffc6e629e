import * as z from 'zod';
import {
  adminReportSchema,
  banSchema,
  bulkDeletedSchema,
  bulkDeleteSchema,
  editHistoryEntrySchema,
  flaggedQuizSchema,
  hiddenQuizSchema,
  moderationReasonSchema,
  penaltySchema,
  reportedUserSchema,
  reportIdParamsSchema,
  reportsDismissedSchema,
  unbanSchema,
} from '../admin';
import { messageSchema } from '../api';
import { quizIdParamsSchema } from '../quiz-schemas';
import { quizDetailSchema } from '../quiz-schemas';
import { defineRoute } from './define';

/** Moderation (core-platform "Admin"). */
export const adminApi = {
  flaggedQuizzes: defineRoute('GET /api/admin/flagged-quizzes', { response: z.array(flaggedQuizSchema) }),
  hiddenQuizzes: defineRoute('GET /api/admin/hidden-quizzes', { response: z.array(hiddenQuizSchema) }),
  reports: defineRoute('GET /api/admin/reports', { response: z.array(adminReportSchema) }),
  /** Not named by the spec: the admin screen's third tab, the members whose quizzes were reported. */
  reportedUsers: defineRoute('GET /api/admin/reported-users', { response: z.array(reportedUserSchema) }),
  quiz: defineRoute('GET /api/admin/quizzes/{id}', {
    params: quizIdParamsSchema,
    response: quizDetailSchema,
  }),
  editHistory: defineRoute('GET /api/admin/quizzes/{id}/edit-history', {
    params: quizIdParamsSchema,
    response: z.array(editHistoryEntrySchema),
  }),
  hide: defineRoute('PATCH /api/admin/quizzes/{id}/hide', {
    params: quizIdParamsSchema,
    body: moderationReasonSchema,
    response: messageSchema,
  }),
  restore: defineRoute('PATCH /api/admin/quizzes/{id}/restore', {
    params: quizIdParamsSchema,
    response: messageSchema,
  }),
  /** Not named by the spec (issue 26, docs/decisions.md): the reports were looked at and the quiz stays as it is. */
  dismissReports: defineRoute('PATCH /api/admin/quizzes/{id}/dismiss-reports', {
    params: quizIdParamsSchema,
    body: moderationReasonSchema,
    response: reportsDismissedSchema,
  }),
  deleteReport: defineRoute('DELETE /api/admin/reports/{id}', {
    params: reportIdParamsSchema,
    body: moderationReasonSchema,
    response: messageSchema,
  }),
  deleteReports: defineRoute('DELETE /api/admin/reports/bulk', {
    body: bulkDeleteSchema,
    response: bulkDeletedSchema,
  }),
  ban: defineRoute('POST /api/admin/ban-user', {
    body: banSchema,
    response: z.object({ penalty: penaltySchema, message: z.string() }),
  }),
  unban: defineRoute('POST /api/admin/unban-user', { body: unbanSchema, response: messageSchema }),
};
