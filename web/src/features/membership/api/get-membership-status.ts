import { queryOptions, useQuery } from '@tanstack/react-query';
import { membershipApi } from '@shared/contract/membership';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/user/pro`: isPro, status, expiresAt, message. */
export const getMembershipStatus = () => callApi(membershipApi.status);

export const membershipStatusQuery = (userId: string) =>
  queryOptions({ queryKey: queryKeys.membership(userId), queryFn: getMembershipStatus });

export function useMembershipStatus(userId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...membershipStatusQuery(userId), enabled: options.enabled ?? true });
}
