import { focusedStudyApi } from '@shared/contract/focused-study';
import { getStudySettings } from '../../focused-study/settings';
import { httpHandler } from '../http';

/** `GET /api/focused-study/settings`: dailyQuestionCount, difficulty, questionTypes (defaults until saved). */
export const handler = httpHandler(focusedStudyApi.settings, async ({ user }) => ({
  body: (await getStudySettings(user.id)).settings,
}));
