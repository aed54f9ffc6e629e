import { learningApi } from '@shared/contract/learning';
import { weaknesses } from '../../learning/learning';
import { httpHandler } from '../http';

/** `GET /api/learning/weaknesses`: every category × difficulty of 5 answers or more, weakest first. */
export const handler = httpHandler(learningApi.weaknesses, async ({ user }) => ({
  body: { weaknesses: await weaknesses(user.id) },
}));
