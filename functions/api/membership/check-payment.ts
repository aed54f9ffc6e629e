import { membershipApi } from '@shared/contract/membership';
import { checkPayment, limitPaymentCalls } from '../../membership/membership';
import { httpHandler } from '../http';

/** `GET /api/stripe/check-payment/{sessionId}`: the member's own Checkout Session as Stripe has it. */
export const handler = httpHandler(membershipApi.checkPayment, async ({ user, params }) => {
  await limitPaymentCalls(user.id);
  return { body: await checkPayment(user, params.sessionId) };
});
