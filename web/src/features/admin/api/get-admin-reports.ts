import { useQuery } from '@tanstack/react-query';
import { adminApi } from '@shared/contract/admin';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/admin/reports`: every report, read again each time the tab is shown. */
export function useAdminReports(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.admin.reports,
    queryFn: () => callApi(adminApi.reports),
    enabled,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
