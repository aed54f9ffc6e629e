import { membershipApi } from '@shared/contract/membership';
import { membershipOf } from '../../membership/status';
import { httpHandler } from '../http';

/** `GET /api/user/pro`: isPro, status (active, cancelled_but_active, inactive), expiresAt, message — as of now. */
export const handler = httpHandler(membershipApi.status, async ({ user }) => ({ body: membershipOf(user) }));
