import { useMutation } from '@tanstack/react-query';
import { membershipApi } from '@shared/contract/membership';
import { callApi } from '@web/lib/api-client';
import { useRefreshMembership } from './refresh-membership';

/** `POST /api/user/cancel-pro` or `POST /api/user/resume-pro`. */
export const changeMembership = (change: 'cancel' | 'resume') =>
  callApi(change === 'cancel' ? membershipApi.cancel : membershipApi.resume);

/** Cancels or resumes the membership; the status is read again either way. */
export function useMembershipChange(userId: string, change: 'cancel' | 'resume') {
  const refresh = useRefreshMembership(userId);
  return useMutation({
    mutationFn: () => changeMembership(change),
    onSettled: () => refresh(),
  });
}
