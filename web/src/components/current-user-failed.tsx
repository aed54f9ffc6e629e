import type { UseQueryResult } from '@tanstack/react-query';
import type { CurrentUser } from '@shared/users';
import { StatusCard } from '@web/components/ui/status-card';

/**
 * Whether who is signed in could not be read: `GET /api/auth/me` failed for another reason than a
 * 401 (which means a guest), after its retries, and nothing was read before.
 */
export const currentUserFailed = (current: UseQueryResult<CurrentUser | null>) =>
  current.isError && current.data === undefined;

/**
 * What a members' page shows when `currentUserFailed`: it says so and reads it again on request,
 * rather than spinning on or asking a signed-in member to log in.
 */
export function CurrentUserFailed({ current }: { current: UseQueryResult<CurrentUser | null> }) {
  return (
    <StatusCard
      tone="error"
      title="ログイン状態を確認できませんでした"
      actions={
        <button type="button" className="button button--primary" onClick={() => void current.refetch()}>
          再読み込み
        </button>
      }
    >
      <p>通信状態をご確認のうえ、もう一度お試しください。</p>
    </StatusCard>
  );
}
