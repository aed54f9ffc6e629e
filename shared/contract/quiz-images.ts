import { quizImageUploadRequestSchema, quizImageUploadTicketSchema } from '../quiz-images';
import { defineRoute } from './define';

/** Images in questions (issue 30): the upload a question's picture starts with. */
export const quizImagesApi = {
  /** A presigned POST for one JPEG, PNG or WebP (≤ 5 MB) to the member's own prefix. */
  createUpload: defineRoute('POST /api/quizzes/images/uploads', {
    body: quizImageUploadRequestSchema,
    response: quizImageUploadTicketSchema,
  }),
};
