import { useState } from 'react';
import { CalendarClock, Crown, RotateCcw, Sparkles } from 'lucide-react';
import { MEMBERSHIP, MEMBERSHIP_MESSAGES, type MembershipStatus } from '@shared/membership';
import { toast } from '@web/components/toast/toast-store';
import { Dialog, DialogClose } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { useMembershipChange } from '../api/change-membership';
import { formatMembershipDate, membershipFailure } from './membership-parts';
import { CheckoutTerms } from './checkout-terms';
import { PlanComparison } from './plan-comparison';

type Outcome = { tone: 'progress' | 'error' | 'success'; text: string } | null;

/** The upgrade (or new checkout) button: idle, then pending while the payment page is prepared. */
function CheckoutButton(props: {
  label: string;
  onCheckout: () => void;
  pending: boolean;
  secondary?: boolean;
}) {
  return (
    <button
      type="button"
      className={`button ${props.secondary ? 'button--secondary' : 'button--upgrade'} button--large`}
      onClick={props.onCheckout}
      disabled={props.pending}
    >
      {props.pending ? <Spinner inline size={18} /> : <Sparkles size={18} aria-hidden />}
      {props.label}
    </button>
  );
}

/**
 * The membership as it stands (docs/spec/multiplayer-membership-study.md §2, §4): not a member (the plans and the upgrade
 * button), active (renewal date and cancel), cancelled but active (until when; resume: a new
 * checkout would be a second subscription), expired (when it ended; resume the previous
 * subscription or a new checkout). The checkout button stands beside the final confirmation.
 * Cancel and resume show their progress, failure or success here and then the status is read again.
 */
export function MembershipOverview(props: {
  userId: string;
  status: MembershipStatus;
  onCheckout: () => void;
  checkoutPending: boolean;
}) {
  const { status } = props;
  const cancel = useMembershipChange(props.userId, 'cancel');
  const resume = useMembershipChange(props.userId, 'resume');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [confirming, setConfirming] = useState(false);
  const busy = cancel.isPending || resume.isPending;

  const run = (change: typeof cancel, progress: string, fallback: string, title: string) => {
    setOutcome({ tone: 'progress', text: progress });
    change.mutate(undefined, {
      // The status, read again, says what changed: its message is the one place the member reads
      // it (not also here and in the toast).
      onSuccess: () => {
        setOutcome(null);
        toast({ title, variant: 'success' });
      },
      onError: (error) => {
        const text = membershipFailure(error, fallback);
        setOutcome({ tone: 'error', text });
        toast({ title: 'エラー', description: text, variant: 'destructive' });
      },
    });
  };
  const doCancel = () => {
    setConfirming(false);
    run(cancel, '解約の手続き中です…', MEMBERSHIP_MESSAGES.cancelFailed, '解約しました');
  };
  const doResume = () =>
    run(resume, '定期購入を再開しています…', MEMBERSHIP_MESSAGES.resumeFailed, '再開しました');

  const expires = status.expiresAt ? formatMembershipDate(status.expiresAt) : null;
  const granted = status.isPro && !status.expiresAt;
  const member = status.isPro || Boolean(status.expiresAt);

  return (
    <div className="membership">
      {member && (
        <section
          className={`card membership-status membership-status--${status.status}`}
          // 「現在のプラン アドバンスド会員」: not the page's own name (two landmarks named alike).
          aria-labelledby="membership-status-label membership-status-title"
        >
          <div className="membership-status__head">
            <span className="membership-status__icon" aria-hidden>
              {status.isPro ? <Crown size={26} /> : <CalendarClock size={26} />}
            </span>
            <div>
              <p id="membership-status-label" className="membership-status__label">
                現在のプラン
              </p>
              <h2 id="membership-status-title" className="membership-status__title">
                {status.status === 'active' && 'アドバンスド会員'}
                {status.status === 'cancelled_but_active' && 'アドバンスド会員（解約予定）'}
                {status.status === 'inactive' && 'アドバンスド会員（期間終了）'}
              </h2>
            </div>
          </div>
          <p className="membership-status__message">{status.message}</p>
          <dl className="membership-status__facts">
            <dt>料金</dt>
            <dd>{granted ? '—' : `月額 ${MEMBERSHIP.priceYen}円（税込）`}</dd>
            {status.status === 'active' && (
              <>
                <dt>次回更新日</dt>
                <dd>{expires ?? '期限なし（運営による付与）'}</dd>
              </>
            )}
            {status.status === 'cancelled_but_active' && (
              <>
                <dt>ご利用期限</dt>
                <dd>{expires} まで</dd>
              </>
            )}
            {status.status === 'inactive' && (
              <>
                <dt>終了日</dt>
                <dd>{expires}</dd>
              </>
            )}
          </dl>

          {outcome && (
            <p
              className={`membership-outcome membership-outcome--${outcome.tone}`}
              role={outcome.tone === 'error' ? 'alert' : 'status'}
            >
              {outcome.tone === 'progress' && <Spinner inline size={16} />}
              {outcome.text}
            </p>
          )}

          <div className="membership-status__actions">
            {status.status === 'active' && !granted && (
              <Dialog
                open={confirming}
                onOpenChange={setConfirming}
                title="定期購入を解約しますか？"
                description={`解約しても ${expires ?? ''} まではアドバンスド会員の機能をご利用いただけます。それ以降の請求は発生しません。`}
                closeButton={false}
                size="small"
                alert
                trigger={
                  <button type="button" className="button button--secondary" disabled={busy}>
                    {cancel.isPending ? '解約の手続き中…' : '定期購入を解約する'}
                  </button>
                }
              >
                <div className="dialog__actions">
                  <DialogClose className="button button--secondary">やめる</DialogClose>
                  <button type="button" className="button button--danger" onClick={doCancel}>
                    解約する
                  </button>
                </div>
              </Dialog>
            )}
            {(status.status === 'cancelled_but_active' || status.status === 'inactive') && (
              <button
                type="button"
                className="button button--primary button--large"
                onClick={doResume}
                disabled={busy}
              >
                {resume.isPending ? <Spinner inline size={18} /> : <RotateCcw size={18} aria-hidden />}
                {status.status === 'inactive' ? '以前の定期購入を再開する' : '定期購入を再開する'}
              </button>
            )}
          </div>
          {granted && (
            <p className="membership-status__note">
              運営から付与された会員資格です。解約の手続きは不要です。
            </p>
          )}
        </section>
      )}

      {!status.isPro && (
        <section className="card membership-offer" aria-labelledby="membership-offer-title">
          <div className="membership-offer__head">
            <h2 id="membership-offer-title">
              {member ? 'もう一度アドバンスド会員になる' : 'アドバンスド会員になる'}
            </h2>
            <p className="membership-offer__price">
              <span className="membership-offer__amount">{MEMBERSHIP.priceYen}円</span>
              <span> / 月（税込）</span>
            </p>
            <p className="membership-offer__note">
              毎月自動更新・いつでも解約できます。カード決済（Visa、Mastercard、American Express、JCB）。
            </p>
          </div>
          <PlanComparison />
          {/* Offered only once no subscription runs: while one does (cancelled but running too),
              it is resumed instead, as a second one would be a second charge. */}
          <div className="membership-offer__cta">
            <CheckoutTerms />
            <CheckoutButton
              label={member ? '新しく申し込む' : 'アドバンスド会員にアップグレード'}
              onCheckout={props.onCheckout}
              pending={props.checkoutPending}
              secondary={member}
            />
          </div>
        </section>
      )}

      {status.isPro && (
        <section className="card membership-benefits" aria-labelledby="membership-benefits-title">
          <h2 id="membership-benefits-title">ご利用いただける機能</h2>
          <PlanComparison />
        </section>
      )}
    </div>
  );
}
