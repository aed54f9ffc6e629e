import { entity } from '../data/keys';

/** Keys of what advanced membership keeps besides the account's own fields (membership.ts, payments.ts). */

export const StripeCustomerKeys = entity({
  entity: 'Stripe customer link',
  module: 'functions/membership/membership-store.ts',
  pk: 'STRIPECUSTOMER#{customerId}',
  sk: 'STRIPECUSTOMER',
  byOwner: 'STRIPECUSTOMER#{customerId}',
  notes:
    "`userId`; whose Stripe customer this is, so a webhook event naming only a customer finds its member. Written with the account's `stripeCustomerId` in one transaction; goes with the account",
});

export const StripeEventKeys = entity({
  entity: 'Stripe event receipt',
  module: 'functions/membership/membership-store.ts',
  pk: 'STRIPEEVENT#{eventId}',
  sk: 'STRIPEEVENT',
  notes:
    '`type`, `receivedAt`, `ttl` (90 days, housekeeping only); put with `attribute_not_exists` in the transaction that applies the event, so an event Stripe delivers twice has one effect',
});

export const PaymentLogKeys = entity({
  entity: 'Payment log',
  module: 'functions/membership/membership-store.ts',
  pk: 'PAYMENTLOG#{userId}',
  sk: 'PAYMENT#{createdAt}#{sourceId}',
  fields: {
    sourceId:
      'what the line is about: the webhook event of a payment, or the refund, subscription or Checkout Session of a second checkout that was settled',
  },
  notes:
    "one per payment event (`invoice.paid`, `invoice.payment_failed`) and one per second subscription or checkout settled (`paymentType` `duplicate_subscription`: `status` `refunded` or `canceled`; `duplicate_checkout`: `expired`): `userId`, `paymentIntentId`, `chargeId`, `customerId`, `subscriptionId`, `invoiceId`, `amount`, `currency` (jpy), `status`, `paymentType`, `description`, `metadata`, `webhookEventId`, `createdAt`, `updatedAt`. Outside the member's partition and owner index: kept when the account is deleted (bookkeeping records)",
});
