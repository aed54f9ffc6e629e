import { useEffect } from 'react';
import { Crown, Home } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { LIMITS } from '@shared/constants';
import { MEMBERSHIP_MESSAGES } from '@shared/membership';
import { toast } from '@web/components/toast/toast-store';
import { Spinner } from '@web/components/ui/spinner';
import { StatusCard } from '@web/components/ui/status-card';
import { paths } from '@web/config/paths';
import { useCurrentUser } from '@web/lib/auth/current-user';
import { useMembershipStatus } from '../api/get-membership-status';
import { useRefreshMembership } from '../api/refresh-membership';
import { useStartCheckout } from '../api/start-checkout';
import { MembershipOverview } from './membership-overview';
import { BackHomeButton, membershipFailure } from './membership-parts';
import { PaymentReturn } from './payment-return';
import '../membership.css';
import { LoginRequired } from '@web/components/login-required';
import { CurrentUserFailed, currentUserFailed } from '@web/components/current-user-failed';
import { usePageTitle } from '@web/lib/page-title';

/**
 * '/pro-checkout' (docs/spec/multiplayer-membership-study.md §2, §4): the membership page. Members only (a login-needed
 * message otherwise, a spinner while sign-in state loads). `upgraded=1` is the success view;
 * `success=1` (with or without `session_id`) is the return from the payment page; otherwise the
 * membership as it stands, with the upgrade flow (idle → pending → the payment page, or an error).
 */
export function MembershipCheckoutPage() {
  usePageTitle('アドバンスド会員');
  const current = useCurrentUser();
  const [params] = useSearchParams();
  if (currentUserFailed(current)) return <CurrentUserFailed current={current} />;
  if (current.isPending) return <Spinner />;
  if (!current.data)
    return <LoginRequired>アドバンスド会員のお申し込みや管理にはログインしてください。</LoginRequired>;
  const userId = current.data.id;
  if (params.get('upgraded') === '1') return <UpgradedView userId={userId} />;
  if (params.get('success') === '1')
    return (
      <PaymentReturn
        key={params.get('session_id') ?? ''}
        userId={userId}
        sessionId={params.get('session_id')}
      />
    );
  return <MembershipPage userId={userId} />;
}

function UpgradedView({ userId }: { userId: string }) {
  const refresh = useRefreshMembership(userId);
  useEffect(() => {
    void refresh();
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <StatusCard
      tone="success"
      title="アドバンスド会員へようこそ！"
      actions={
        <Link to={paths.home} className="button button--primary">
          <Home size={18} aria-hidden />
          ホームに戻る
        </Link>
      }
    >
      <p>{MEMBERSHIP_MESSAGES.upgraded}</p>
      <p>
        クイズ{LIMITS.quizzesWithMembership}件の作成、非公開クイズ、1日
        {LIMITS.aiGenerationsPerDayWithMembership}
        回のAI生成、集中学習がご利用いただけます。
      </p>
    </StatusCard>
  );
}

function MembershipPage({ userId }: { userId: string }) {
  const status = useMembershipStatus(userId);
  const checkout = useStartCheckout();
  const refresh = useRefreshMembership(userId);
  const startCheckout = () =>
    checkout.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      // Refused (a payment page already open, a live subscription, too many calls this minute) or
      // failed: the reason in a toast (docs/spec/multiplayer-membership-study.md §8), and the page as it now stands.
      onError: (error) => {
        toast({
          title: 'エラー',
          description: membershipFailure(error, MEMBERSHIP_MESSAGES.checkoutFailed),
          variant: 'destructive',
        });
        checkout.reset();
        void refresh();
      },
    });

  if (status.isPending) return <Spinner />;
  // The upgrade flow: pending until the browser leaves for the payment page (it stays pending then).
  if (checkout.isPending || checkout.isSuccess)
    return (
      <StatusCard tone="pending" title="決済ページを準備しています">
        <p>まもなくお支払いページに移動します。</p>
      </StatusCard>
    );
  if (status.isError)
    return (
      <StatusCard tone="error" title="エラーが発生しました" actions={<BackHomeButton />}>
        <p>{membershipFailure(status.error, MEMBERSHIP_MESSAGES.checkFailed)}</p>
      </StatusCard>
    );
  return (
    <section className="container membership-page" aria-labelledby="membership-title">
      <header className="membership-page__header">
        <span className="membership-page__crown" aria-hidden>
          <Crown size={28} />
        </span>
        <div>
          <h1 id="membership-title">アドバンスド会員</h1>
          <p>もっとたくさん作って、もっと深く学ぶための有料プランです。</p>
        </div>
      </header>
      <MembershipOverview
        userId={userId}
        status={status.data}
        onCheckout={startCheckout}
        checkoutPending={checkout.isPending}
      />
    </section>
  );
}
