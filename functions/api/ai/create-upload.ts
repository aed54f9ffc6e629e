import { uploadRequestSchema } from '@shared/ai';
import { createUploadTicket } from '../../ai/materials';
import { httpHandler } from '../../lib/http-handler';

/** `POST /api/ai/uploads`: a presigned POST for one PDF or Word file (≤ 10 MB, the member's own prefix, 5 minutes). */
export const handler = httpHandler({
  route: 'POST /api/ai/uploads',
  body: uploadRequestSchema,
  handle: async ({ user, body }) => ({ status: 201, body: await createUploadTicket(user.id, body) }),
});
