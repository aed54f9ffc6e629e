import { FOCUSED_STUDY_MESSAGES } from '@shared/focused-study';
import { focusedStudyApi } from '@shared/contract/focused-study';
import { deleteMaterial } from '../../focused-study/material';
import { httpHandler } from '../http';

/** `DELETE /api/focused-study/pdfs/{id}`: one of the member's materials, with its text. */
export const handler = httpHandler(focusedStudyApi.deleteMaterial, async ({ user, params }) => {
  await deleteMaterial(user.id, params.id);
  return { body: { message: FOCUSED_STUDY_MESSAGES.materialDeleted } };
});
