import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MEMBERSHIP, MEMBERSHIP_MESSAGES } from '@shared/membership';
import { StatusCard } from '@web/components/ui/status-card';
import { ApiError } from '@web/lib/api-client';
import { checkPayment } from '../api/check-payment';
import { useRefreshMembership } from '../api/refresh-membership';
import { upgradeMembership } from '../api/upgrade-membership';
import { BackHomeButton, membershipFailure } from './membership-parts';
import { paths } from '@web/config/paths';

/** How long the page waits for the payment to be confirmed (30 polls, 2 s apart) before it gives up. */
const MAX_POLLS = 30;

/** The member's payment calls of the minute are used up (429): the poll waits and asks again. */
const rateLimited = (error: unknown) => error instanceof ApiError && error.status === 429;

export const upgradedPath = `${paths.membership}?upgraded=1`;

/**
 * Back from the payment page with `success=1` (docs/spec/multiplayer-membership-study.md §4): with a session id, its status
 * is polled every 2 s; once paid and not yet pro, the upgrade call is made once; when the upgrade
 * is complete the page moves to the success view. Without a session id the upgrade call is made
 * directly. A poll refused by the per-minute limit of payment calls (429) is not a failure: the
 * next poll asks again (and so does the upgrade call), within the same 30 polls.
 */
export function PaymentReturn({ userId, sessionId }: { userId: string; sessionId: string | null }) {
  const navigate = useNavigate();
  const refresh = useRefreshMembership(userId);
  const [error, setError] = useState<string | null>(null);
  const upgradeAsked = useRef(false);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = async () => {
      await refresh();
      if (!stopped) void navigate(upgradedPath, { replace: true });
    };
    const fail = (message: string) => !stopped && setError(message);

    if (!sessionId) {
      upgradeMembership().then(done, (reason: unknown) =>
        fail(membershipFailure(reason, MEMBERSHIP_MESSAGES.upgradeFailed)),
      );
      return () => {
        stopped = true;
      };
    }
    let polls = 0;
    const poll = async () => {
      polls += 1;
      try {
        const payment = await checkPayment(sessionId);
        if (stopped) return;
        if (payment.upgrade_completed) return void (await done());
        if (payment.payment_status !== 'paid') return fail(MEMBERSHIP_MESSAGES.checkFailed);
        if (!payment.is_pro && !upgradeAsked.current) {
          // Asked once: the server checks with Stripe and makes the member pro if they paid.
          upgradeAsked.current = true;
          await upgradeMembership().catch((reason: unknown) => {
            if (rateLimited(reason)) upgradeAsked.current = false;
          });
        }
      } catch (reason) {
        if (!rateLimited(reason)) return fail(membershipFailure(reason, MEMBERSHIP_MESSAGES.checkFailed));
      }
      if (polls >= MAX_POLLS) return fail(MEMBERSHIP_MESSAGES.checkFailed);
      if (!stopped) timer = setTimeout(() => void poll(), MEMBERSHIP.paymentPollMs);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // One run per return from the payment page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionId]);

  if (error)
    return (
      <StatusCard tone="error" title="お支払いを確認できませんでした" actions={<BackHomeButton />}>
        <p>{error}</p>
      </StatusCard>
    );
  return (
    <StatusCard tone="pending" title="お支払いを確認しています">
      <p>決済の完了を確認しています。このままお待ちください。</p>
    </StatusCard>
  );
}
