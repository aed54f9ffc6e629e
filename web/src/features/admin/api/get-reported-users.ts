import { useQuery } from '@tanstack/react-query';
import { adminApi } from '@shared/contract/admin';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/admin/reported-users`, read again each time the tab is shown. */
export function useReportedUsers(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.admin.reportedUsers,
    queryFn: () => callApi(adminApi.reportedUsers),
    enabled,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
