import { Crown, Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { CurrentUser } from '@shared/users';
import { paths } from '@web/config/paths';

/** Upgrade button for free members, membership badge for advanced members; both lead to the membership page. */
export function MembershipButton({ user }: { user: CurrentUser }) {
  if (user.isPro) {
    return (
      <Link to={paths.proCheckout} className="badge badge--pro" aria-label="アドバンスド会員（会員ページへ）">
        <Crown size={14} aria-hidden />
        アドバンスド会員
      </Link>
    );
  }
  return (
    <Link to={paths.proCheckout} className="button button--upgrade button--small">
      <Sparkles size={14} aria-hidden />
      アップグレード
    </Link>
  );
}
