import { membershipApi } from '@shared/contract/membership';
import { limitPaymentCalls, upgrade } from '../../membership/membership';
import { httpHandler } from '../http';

/** `POST /api/user/upgrade-pro`: pro when Stripe says the member paid; idempotent. */
export const handler = httpHandler(membershipApi.upgrade, async ({ user }) => {
  await limitPaymentCalls(user.id);
  return { body: await upgrade(user) };
});
