import { membershipApi } from '@shared/contract/membership';
import { TooManyRequestsError } from '../../lib/errors';
import { withinRateLimit } from '../../lib/rate-limit';
import { createCheckoutSession } from '../../membership/membership';
import { httpHandler } from '../http';

/** Each call makes a Checkout Session at Stripe: a member may start 10 a minute. */
const CHECKOUTS_PER_MINUTE = 10;

/** `POST /api/stripe/create-checkout-session`: `{ url }` of Stripe's hosted page (500 yen a month). */
export const handler = httpHandler(membershipApi.createCheckoutSession, async ({ user }) => {
  if (!(await withinRateLimit(`checkout#${user.id}`, CHECKOUTS_PER_MINUTE, 60)))
    throw new TooManyRequestsError();
  return { body: await createCheckoutSession(user) };
});
