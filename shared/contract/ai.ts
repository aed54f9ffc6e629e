import {
  aiFormSettingsSchema,
  aiUsageLimitSchema,
  generatedQuizSchema,
  generateFromTextSchema,
  generateFromUploadSchema,
  uploadRequestSchema,
  uploadTicketSchema,
} from '../ai';
import { defineRoute } from './define';

/**
 * AI quiz generation (docs/spec/core-platform.md §5, §7). The file calls take the spec's multipart form (a
 * `pdf` or `word` file part with the settings as text fields) or JSON naming an upload.
 */
export const aiApi = {
  usageLimit: defineRoute('GET /api/ai/usage-limit', { response: aiUsageLimitSchema }),
  /** Not named by the spec: a presigned POST, so files up to 10 MB never pass through a function. */
  createUpload: defineRoute('POST /api/ai/uploads', {
    body: uploadRequestSchema,
    response: uploadTicketSchema,
  }),
  fromText: defineRoute('POST /api/ai/generate-quiz-from-text', {
    body: generateFromTextSchema,
    response: generatedQuizSchema,
  }),
  fromPdf: defineRoute('POST /api/ai/generate-quiz-from-pdf', {
    body: generateFromUploadSchema,
    form: aiFormSettingsSchema,
    response: generatedQuizSchema,
  }),
  fromWord: defineRoute('POST /api/ai/generate-quiz-from-word', {
    body: generateFromUploadSchema,
    form: aiFormSettingsSchema,
    response: generatedQuizSchema,
  }),
};
