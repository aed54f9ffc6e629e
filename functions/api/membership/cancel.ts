import { membershipApi } from '@shared/contract/membership';
import { cancel } from '../../membership/membership';
import { httpHandler } from '../http';

/** `POST /api/user/cancel-pro`: the subscription ends with its paid period (`cancelled_but_active`). */
export const handler = httpHandler(membershipApi.cancel, async ({ user }) => ({ body: await cancel(user) }));
