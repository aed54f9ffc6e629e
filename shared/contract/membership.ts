import { messageSchema } from '../api';
import {
  checkoutSessionIdSchema,
  checkoutSessionSchema,
  membershipChangeSchema,
  paymentCheckSchema,
  membershipStatusSchema,
} from '../membership';
import { defineRoute } from './define';

/**
 * Advanced membership and payment (docs/spec/multiplayer-membership-study.md §7 "Membership and payment"), plus Stripe's
 * webhook, which the spec does not name: Stripe calls it with signed events, so it takes the raw
 * body and no session or CSRF token.
 */
export const membershipApi = {
  status: defineRoute('GET /api/user/pro', { response: membershipStatusSchema }),
  upgrade: defineRoute('POST /api/user/upgrade-pro', { response: membershipChangeSchema }),
  cancel: defineRoute('POST /api/user/cancel-pro', { response: membershipChangeSchema }),
  resume: defineRoute('POST /api/user/resume-pro', { response: membershipChangeSchema }),
  checkPayment: defineRoute('GET /api/stripe/check-payment/{sessionId}', {
    params: checkoutSessionIdSchema,
    response: paymentCheckSchema,
  }),
  createCheckoutSession: defineRoute('POST /api/stripe/create-checkout-session', {
    response: checkoutSessionSchema,
  }),
  webhook: defineRoute('POST /api/stripe/webhook', { response: messageSchema }),
};
