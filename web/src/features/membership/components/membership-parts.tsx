import { Home } from 'lucide-react';
import { Link } from 'react-router-dom';
import { MEMBERSHIP_MESSAGES } from '@shared/membership';
import { paths } from '@web/config/paths';
import { ApiError, errorMessage } from '@web/lib/api-client';

/**
 * A failed membership call's message (docs/spec/multiplayer-membership-study.md §8): the server's when it sent one, the
 * network message when the server was not reached, else the call's own fallback.
 */
export const membershipFailure = (error: unknown, fallback: string) =>
  error instanceof ApiError ? errorMessage(error, fallback) : MEMBERSHIP_MESSAGES.networkError;

/** The error view's way out (docs/spec/multiplayer-membership-study.md §2: "message with a back-home button"). */
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
