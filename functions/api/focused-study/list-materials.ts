import { focusedStudyApi } from '@shared/contract/focused-study';
import { listMaterials } from '../../focused-study/material';
import { httpHandler } from '../http';

/** `GET /api/focused-study/pdfs`: the member's materials (id, name, size, uploadedAt), newest first. */
export const handler = httpHandler(focusedStudyApi.materials, async ({ user }) => ({
  body: await listMaterials(user.id),
}));
