import { focusedStudyApi } from '@shared/contract/focused-study';
import { createUploadTicket } from '../../ai/uploads';
import { checkAttemptRate } from '../../ai/usage';
import { httpHandler } from '../http';

/** Upload forms asked for per member and minute. */
const UPLOADS_PER_MINUTE = 20;

/**
 * `POST /api/focused-study/uploads`: a presigned POST for one material file (≤ 10 MB, the member's
 * own prefix, 5 minutes). Unlike the AI tab's, it needs no generation left today: a material is
 * only stored, and questions are counted when a run is started.
 */
export const handler = httpHandler(focusedStudyApi.createUpload, async ({ user, body }) => {
  await checkAttemptRate(user.id, 'study-upload', UPLOADS_PER_MINUTE);
  return { status: 201, body: await createUploadTicket(user.id, body) };
});
