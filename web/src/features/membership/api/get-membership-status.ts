import { queryOptions, useQuery } from '@tanstack/react-query';
import { membershipApi } from '@shared/contract/membership';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/user/pro`: isPro, status, expiresAt, message. */
export const membershipStatusQuery = (userId: string) =>
  queryOptions({ queryKey: queryKeys.membership(userId), queryFn: () => callApi(membershipApi.status) });

export function useMembershipStatus(userId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...membershipStatusQuery(userId), enabled: options.enabled ?? true });
}
