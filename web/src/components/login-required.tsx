import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { StatusCard } from '@web/components/ui/status-card';
import { loginPathFor } from '@web/lib/auth/return-path';

/**
 * What a guest sees on a members' page: why it needs signing in, and the login that brings them
 * back to this very page (path and query, such as a room link).
 */
export function LoginRequired({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <StatusCard
      tone="error"
      title="ログインが必要です"
      actions={
        <Link to={loginPathFor(`${location.pathname}${location.search}`)} className="button button--primary">
          ログインする
        </Link>
      }
    >
      <p>{children}</p>
    </StatusCard>
  );
}
