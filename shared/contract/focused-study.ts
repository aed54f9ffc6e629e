import * as z from 'zod';
import { uploadRequestSchema, uploadTicketSchema } from '../ai';
import { messageSchema } from '../api';
import {
  addTextSchema,
  completeRunSchema,
  favoriteSetSchema,
  latestRunSchema,
  materialIdParamsSchema,
  progressSavedSchema,
  reviewQueueSchema,
  savedQuestionSetSchema,
  saveQuestionSetSchema,
  runIdParamsSchema,
  runProgressSchema,
  runResultSchema,
  setIdParamsSchema,
  setQuestionParamsSchema,
  startRunSchema,
  studyMaterialSchema,
  studyQuestionSchema,
  studyRunSchema,
  studySettingsSchema,
  unfinishedRunSchema,
  updateQuestionSetSchema,
  updateSetQuestionSchema,
  updateStudySettingsSchema,
  uploadedMaterialsSchema,
} from '../focused-study';
import { defineRoute } from './define';

const materialsAdded = z.object({ materials: z.array(studyMaterialSchema), message: z.string() });

/**
 * Focused study (docs/spec/multiplayer-membership-study.md §7), for advanced members only. Beyond the spec: a presigned
 * upload form for files up to 10 MB (`uploads`, docs/brief/ARCHITECTURE.md §1), the review queue
 * (`review-queue`, `start-review-session`), and the unfinished study run kept on the server so it
 * resumes after a reload or on another device (`unfinished-session`, `sessions/{sessionId}/…`;
 * docs/focused-study.md).
 */
export const focusedStudyApi = {
  materials: defineRoute('GET /api/focused-study/pdfs', { response: z.array(studyMaterialSchema) }),
  createUpload: defineRoute('POST /api/focused-study/uploads', {
    body: uploadRequestSchema,
    response: uploadTicketSchema,
  }),
  /** The spec's multipart form (repeated file field `pdfs`), or JSON naming presigned uploads. */
  uploadFiles: defineRoute('POST /api/focused-study/upload-pdf', {
    body: uploadedMaterialsSchema,
    form: z.object({}),
    response: materialsAdded,
  }),
  deleteMaterial: defineRoute('DELETE /api/focused-study/pdfs/{id}', {
    params: materialIdParamsSchema,
    response: messageSchema,
  }),
  addText: defineRoute('POST /api/focused-study/add-text', { body: addTextSchema, response: materialsAdded }),
  settings: defineRoute('GET /api/focused-study/settings', { response: studySettingsSchema }),
  updateSettings: defineRoute('PUT /api/focused-study/settings', {
    body: updateStudySettingsSchema,
    response: studySettingsSchema,
  }),
  latestSession: defineRoute('GET /api/focused-study/latest-session', { response: latestRunSchema }),
  startSession: defineRoute('POST /api/focused-study/start-session', {
    body: startRunSchema,
    response: studyRunSchema,
  }),
  generateNewQuestions: defineRoute('POST /api/focused-study/generate-new-questions', {
    body: startRunSchema,
    response: studyRunSchema,
  }),
  unfinishedSession: defineRoute('GET /api/focused-study/unfinished-session', {
    response: unfinishedRunSchema,
  }),
  saveProgress: defineRoute('PUT /api/focused-study/sessions/{sessionId}/progress', {
    params: runIdParamsSchema,
    body: runProgressSchema,
    response: progressSavedSchema,
  }),
  discardSession: defineRoute('DELETE /api/focused-study/sessions/{sessionId}', {
    params: runIdParamsSchema,
    response: messageSchema,
  }),
  completeSession: defineRoute('POST /api/focused-study/complete-session', {
    body: completeRunSchema,
    response: runResultSchema,
  }),
  savedSets: defineRoute('GET /api/focused-study/saved-question-sets', {
    response: z.array(savedQuestionSetSchema),
  }),
  saveSet: defineRoute('POST /api/focused-study/save-question-set', {
    body: saveQuestionSetSchema,
    response: savedQuestionSetSchema,
  }),
  updateSet: defineRoute('PUT /api/focused-study/saved-question-sets/{setId}', {
    params: setIdParamsSchema,
    body: updateQuestionSetSchema,
    response: savedQuestionSetSchema,
  }),
  deleteSet: defineRoute('DELETE /api/focused-study/saved-question-sets/{setId}', {
    params: setIdParamsSchema,
    response: messageSchema,
  }),
  favoriteSet: defineRoute('PUT /api/focused-study/saved-question-sets/{setId}/favorite', {
    params: setIdParamsSchema,
    body: favoriteSetSchema,
    response: savedQuestionSetSchema,
  }),
  startSavedSession: defineRoute('POST /api/focused-study/start-saved-session/{setId}', {
    params: setIdParamsSchema,
    response: studyRunSchema,
  }),
  updateSetQuestion: defineRoute(
    'PUT /api/focused-study/saved-question-sets/{setId}/questions/{questionId}',
    { params: setQuestionParamsSchema, body: updateSetQuestionSchema, response: studyQuestionSchema },
  ),
  reviewQueue: defineRoute('GET /api/focused-study/review-queue', { response: reviewQueueSchema }),
  startReviewSession: defineRoute('POST /api/focused-study/start-review-session', {
    body: startRunSchema,
    response: studyRunSchema,
  }),
};
