import { learningApi } from '@shared/contract/learning';
import { httpHandler } from '../http';
import { userActivity } from '../../learning/activity';

/** `GET /api/user/activity`: the 5 latest activities and the last 10 quizzes played with their mistakes. */
export const handler = httpHandler(learningApi.activity, async ({ user }) => ({
  body: await userActivity(user),
}));
