import {
  activityResponseSchema,
  studyAnswerResultSchema,
  studyRecordSchema,
  userStatsSchema,
} from '../learning';
import { defineRoute } from './define';

/** A member's stats, activity and study records (docs/spec/core-platform.md §3, §7). */
export const learningApi = {
  studyAnswer: defineRoute('POST /api/study/session', {
    body: studyRecordSchema,
    response: studyAnswerResultSchema,
  }),
  stats: defineRoute('GET /api/user/stats', { response: userStatsSchema }),
  activity: defineRoute('GET /api/user/activity', { response: activityResponseSchema }),
};
