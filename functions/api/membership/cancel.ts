import { membershipApi } from '@shared/contract/membership';
import { cancel, limitPaymentCalls } from '../../membership/membership';
import { httpHandler } from '../http';

/** `POST /api/user/cancel-pro`: every live subscription ends with its paid period (`cancelled_but_active`). */
export const handler = httpHandler(membershipApi.cancel, async ({ user }) => {
  await limitPaymentCalls(user.id);
  return { body: await cancel(user) };
});
