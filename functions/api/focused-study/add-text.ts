import { FOCUSED_STUDY_MESSAGES } from '@shared/focused-study';
import { focusedStudyApi } from '@shared/contract/focused-study';
import { addTextMaterial } from '../../focused-study/material';
import { httpHandler } from '../http';

/** `POST /api/focused-study/add-text`: text (at least 10 characters once trimmed) as a material. */
export const handler = httpHandler(focusedStudyApi.addText, async ({ user, body }) => ({
  status: 201,
  body: { materials: [await addTextMaterial(user.id, body.text)], message: FOCUSED_STUDY_MESSAGES.textAdded },
}));
