import { uploadRequestSchema } from '@shared/ai';
import { createUpload } from '../../ai/uploads';
import { httpHandler } from '../../lib/http-handler';

/** `POST /api/ai/uploads`: a presigned POST for one PDF or Word file (≤ 10 MB, the member's own prefix, 5 minutes), while generations are left today. */
export const handler = httpHandler({
  route: 'POST /api/ai/uploads',
  body: uploadRequestSchema,
  handle: async ({ user, body }) => ({ status: 201, body: await createUpload(user, body) }),
});
