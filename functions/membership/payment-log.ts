/**
 * The payment log (docs/spec/multiplayer-membership-study.md §3 "Payment logs"): bookkeeping records outside the member's
 * partition, kept when the account goes. A line is a payment Stripe reported (`invoice.paid`,
 * `invoice.payment_failed`, written with the event's receipt in payments.ts), or what was done
 * about a second subscription or checkout of one member (issue 26, docs/decisions.md: one live subscription each).
 * Written by membership-store.ts (`logOnce`, `recordEvent`).
 */

/** What a line records. */
export type PaymentType =
  | 'subscription_start'
  | 'subscription_renewal'
  /** A second subscription, ended at once: `refunded` when it had been paid, else `canceled`. */
  | 'duplicate_subscription'
  /** A second Checkout Session, expired before anything was paid: `expired`. */
  | 'duplicate_checkout';

export type PaymentLogStatus = 'succeeded' | 'failed' | 'refunded' | 'canceled' | 'expired';

export interface PaymentLogEntry {
  userId: string;
  paymentIntentId: string | null;
  chargeId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  invoiceId: string | null;
  /** Yen moved: paid, refunded, or 0 when nothing was. */
  amount: number;
  currency: string;
  status: PaymentLogStatus;
  paymentType: PaymentType;
  description: string;
  metadata: Record<string, unknown>;
  webhookEventId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What the log says of a second subscription or checkout (operators read it; members never do). */
export const DUPLICATE_DESCRIPTIONS = {
  refunded: '二重のお申し込み: 後から始まった定期購入を直ちに解約し、お支払いを全額返金しました',
  canceled: '二重のお申し込み: 後から始まった定期購入を直ちに解約しました（お支払いなし）',
  expired: '二重のお申し込み: 後から作られた決済ページを無効にしました（お支払いなし）',
} as const;
