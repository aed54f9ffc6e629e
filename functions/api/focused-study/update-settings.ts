import { focusedStudyApi } from '@shared/contract/focused-study';
import { updateStudySettings } from '../../focused-study/settings';
import { httpHandler } from '../http';

/** `PUT /api/focused-study/settings`: any of dailyQuestionCount (5/10/15/20/30), difficulty, questionTypes. */
export const handler = httpHandler(focusedStudyApi.updateSettings, async ({ user, body }) => ({
  body: await updateStudySettings(user.id, body),
}));
