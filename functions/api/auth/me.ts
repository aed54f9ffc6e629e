import { accountsApi } from '@shared/contract/accounts';
import { httpHandler } from '../http';
import { toCurrentUser } from '../../users/user-policy';

/** `GET /api/auth/me`: the signed-in user; 401 when signed out (the access level answers that). */
export const handler = httpHandler(accountsApi.me, async ({ user }) => ({ body: toCurrentUser(user) }));
