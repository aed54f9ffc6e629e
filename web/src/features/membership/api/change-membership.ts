import { useMutation } from '@tanstack/react-query';
import { membershipApi } from '@shared/contract/membership';
import { callApi } from '@web/lib/api-client';
import { useRefreshMembership } from './refresh-membership';

/** `POST /api/user/cancel-pro` and `POST /api/user/resume-pro`, then the status read again. */
export function useMembershipChange(userId: string, change: 'cancel' | 'resume') {
  const refresh = useRefreshMembership(userId);
  return useMutation({
    mutationFn: () => callApi(change === 'cancel' ? membershipApi.cancel : membershipApi.resume),
    onSettled: () => refresh(),
  });
}
