import * as z from 'zod';

/**
 * Advanced membership (docs/spec/multiplayer-membership-study.md §2, §3, §4, §7, §8, §9): 500 yen a month including tax,
 * paid by card through Stripe. The answers of the membership calls and their messages; the
 * functions and the membership page share them.
 */
export const MEMBERSHIP = {
  /** Yen a month, tax included (docs/spec/multiplayer-membership-study.md §9). */
  priceYen: 500,
  currency: 'jpy',
  planName: 'アドバンスド会員',
  /** The membership page polls the payment status this often after returning from checkout (docs/spec/multiplayer-membership-study.md §9). */
  paymentPollMs: 2000,
} as const;

/** The spec's membership messages (docs/spec/multiplayer-membership-study.md §8), verbatim, and the server's own. */
export const MEMBERSHIP_MESSAGES = {
  upgradeFailed: 'アップグレード処理に失敗しました。',
  checkFailed: '決済処理の確認に失敗しました。',
  networkError: '通信エラーが発生しました。',
  checkoutFailed: '決済ページの作成に失敗しました。',
  cancelFailed: 'キャンセルに失敗しました。',
  resumeFailed: '定期購入の再開に失敗しました。',
  // Server messages (shown in place of the above when present).
  statusActive: 'アドバンスド会員です。毎月自動で更新されます。',
  statusGranted: 'アドバンスド会員です（運営による付与）。',
  statusCancelled: '解約手続き済みです。期間終了日まではアドバンスド会員の機能をご利用いただけます。',
  statusExpired: 'アドバンスド会員の期間が終了しました。',
  statusFree: '無料会員です。',
  alreadyMember: 'すでにアドバンスド会員です。',
  checkoutOpen:
    'お手続き中の決済ページがあります。そのページでお支払いを済ませるか、30分ほどたってからもう一度お試しください。',
  subscriptionEnding:
    'ご契約中の定期購入が期間終了日まで続いています。引き続きご利用になる場合は「定期購入を再開する」を押してください。',
  subscriptionUnpaid:
    'お支払いが済んでいない定期購入があります。「以前の定期購入を再開する」からお支払いください。',
  notPaid: 'お支払いが確認できませんでした。決済が完了してからもう一度お試しください。',
  upgraded: 'アドバンスド会員へのアップグレードが完了しました。',
  paymentPending: 'お支払いの確認を待っています。',
  sessionNotFound: '決済セッションが見つかりません。',
  noSubscription: '解約できる定期購入がありません。',
  grantedCannotCancel: '運営から付与された会員資格のため、この画面では解約できません。',
  cancelled: '定期購入を解約しました。期間終了日まではアドバンスド会員の機能をご利用いただけます。',
  alreadyCancelled: '定期購入はすでに解約済みです。',
  cancelledUnpaid: 'お支払いが済んでいない定期購入を解約しました。',
  nothingToResume: '再開できる定期購入がありません。新しくお申し込みください。',
  resumed: '定期購入を再開しました。',
  alreadyActive: '定期購入はすでに継続中です。',
  resumeNeedsCheckout: '以前のお支払い方法で再開できませんでした。お手数ですが、新しくお申し込みください。',
  paymentCallsTooFast: 'お支払いに関する操作が続いています。1分ほどたってからもう一度お試しください。',
  providerUnavailable: '決済サービスに接続できませんでした。しばらくしてからもう一度お試しください。',
  invalidSignature: '署名を確認できませんでした。',
  received: '受け付けました。',
} as const;

export const MEMBERSHIP_STATUSES = ['active', 'cancelled_but_active', 'inactive'] as const;
export type MembershipStatusName = (typeof MEMBERSHIP_STATUSES)[number];

/** `GET /api/user/pro`: whether the member is pro now, the state of the membership and when it ends or renews. */
export const membershipStatusSchema = z.object({
  isPro: z.boolean(),
  status: z.enum(MEMBERSHIP_STATUSES),
  /** The end of the paid period (the renewal date while active); null for none or an operator's grant. */
  expiresAt: z.string().nullable(),
  message: z.string(),
});
export type MembershipStatus = z.infer<typeof membershipStatusSchema>;

/** `POST /api/stripe/create-checkout-session`: the hosted checkout page to send the browser to. */
export const checkoutSessionSchema = z.object({ url: z.url() });

/** A Checkout Session id as Stripe writes it. */
export const checkoutSessionIdSchema = z.object({
  sessionId: z
    .string()
    .max(255)
    .regex(/^cs_[A-Za-z0-9_]+$/, MEMBERSHIP_MESSAGES.sessionNotFound),
});

/** `GET /api/stripe/check-payment/{sessionId}` (docs/spec/multiplayer-membership-study.md §3 "Payment check response"). */
export const paymentCheckSchema = z.object({
  /** Stripe's word: `paid`, `unpaid`, `no_payment_required`. */
  payment_status: z.string(),
  is_pro: z.boolean(),
  upgrade_completed: z.boolean(),
  message: z.string(),
});
export type PaymentCheck = z.infer<typeof paymentCheckSchema>;

/** The answer of upgrade, cancel and resume: a message and the membership as it now is. */
export const membershipChangeSchema = membershipStatusSchema;
