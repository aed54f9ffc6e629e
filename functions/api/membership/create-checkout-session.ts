import { membershipApi } from '@shared/contract/membership';
import { createCheckoutSession, limitPaymentCalls } from '../../membership/membership';
import { httpHandler } from '../http';

/** `POST /api/stripe/create-checkout-session`: `{ url }` of Stripe's hosted page (500 yen a month). */
export const handler = httpHandler(membershipApi.createCheckoutSession, async ({ user }) => {
  await limitPaymentCalls(user.id);
  return { body: await createCheckoutSession(user) };
});
