import { learningApi } from '@shared/contract/learning';
import { sessions } from '../../learning/learning';
import { httpHandler } from '../http';

/** `GET /api/learning/sessions?limit=20`: study sessions, newest first. */
export const handler = httpHandler(learningApi.sessions, async ({ user, query }) => ({
  body: { sessions: await sessions(user.id, query.limit) },
}));
