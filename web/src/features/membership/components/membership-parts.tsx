import { Home } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@web/config/paths';

/** The error view's way out (second document §2: "message with a back-home button"). */
export function BackHomeButton() {
  return (
    <Link to={paths.home} className="button button--primary">
      <Home size={18} aria-hidden />
      ホームに戻る
    </Link>
  );
}

/** A date as members read a renewal or end date: 2026年12月24日. */
export const formatMembershipDate = (iso: string) =>
  new Date(iso).toLocaleDateString('ja-JP', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'Asia/Tokyo',
  });
