import { Crown, Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { CurrentUser } from '@shared/users';
import { paths } from '@web/config/paths';
import { useMembershipStatus } from '@web/features/membership/api/get-membership-status';

/**
 * Upgrade button for free members, membership badge for advanced members (labelled 解約予定 once
 * the subscription is cancelled but still running); both lead to the membership page. Where the
 * bar is tight the label is hidden and the accessible name stays.
 */
export function MembershipButton({ user }: { user: CurrentUser }) {
  const status = useMembershipStatus(user.id, { enabled: user.isPro });
  if (user.isPro) {
    const label =
      status.data?.status === 'cancelled_but_active' ? 'アドバンスド会員（解約予定）' : 'アドバンスド会員';
    return (
      <Link to={paths.membership} className="badge badge--pro" aria-label={`${label}（会員ページへ）`}>
        <Crown size={14} aria-hidden />
        <span className="membership-button__label">{label}</span>
      </Link>
    );
  }
  return (
    <Link to={paths.membership} className="button button--upgrade button--small" aria-label="アップグレード">
      <Sparkles size={14} aria-hidden />
      <span className="membership-button__label">アップグレード</span>
    </Link>
  );
}
