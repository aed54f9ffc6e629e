import { MEMBERSHIP_MESSAGES } from '@shared/membership';
import { membershipApi } from '@shared/contract/membership';
import { BadRequestError } from '../../lib/errors';
import { emitMetric, METRIC } from '../../lib/metrics';
import { handleWebhook } from '../../membership/payments';
import { httpHandler } from '../http';

/**
 * `POST /api/stripe/webhook`: Stripe's signed events (no session, no CSRF token: the signature
 * over the raw body is the proof). Answered 200 once handled or known; 400 when the signature
 * does not check out; anything else fails and Stripe delivers again.
 */
export const handler = httpHandler(membershipApi.webhook, async ({ rawBody, headers, log }) => {
  try {
    await handleWebhook(rawBody, headers['stripe-signature'], log);
  } catch (error) {
    // The stack alarms on these: a wrong secret, or events the function cannot apply.
    const reason = error instanceof BadRequestError ? 'signature' : 'processing';
    emitMetric(METRIC.paymentWebhookFailures, 1, { reason });
    throw error;
  }
  return { body: { message: MEMBERSHIP_MESSAGES.received } };
});
