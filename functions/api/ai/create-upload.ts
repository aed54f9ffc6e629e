import { createUpload } from '../../ai/uploads';
import { aiApi } from '@shared/contract/ai';
import { httpHandler } from '../http';

/** `POST /api/ai/uploads`: a presigned POST for one PDF or Word file (≤ 10 MB, the member's own prefix, 5 minutes), while generations are left today. */
export const handler = httpHandler(aiApi.createUpload, async ({ user, body }) => ({
  status: 201,
  body: await createUpload(user, body),
}));
