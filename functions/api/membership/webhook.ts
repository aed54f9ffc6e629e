import { MEMBERSHIP_MESSAGES } from '@shared/membership';
import { membershipApi } from '@shared/contract/membership';
import { handleWebhook } from '../../membership/payments';
import { httpHandler } from '../http';

/**
 * `POST /api/stripe/webhook`: Stripe's signed events (no session, no CSRF token: the signature
 * over the raw body is the proof). Answered 200 once handled or known; 400 when the signature
 * does not check out; anything else fails and Stripe delivers again.
 */
export const handler = httpHandler(membershipApi.webhook, async ({ rawBody, headers, log }) => {
  await handleWebhook(rawBody, headers['stripe-signature'], log);
  return { body: { message: MEMBERSHIP_MESSAGES.received } };
});
