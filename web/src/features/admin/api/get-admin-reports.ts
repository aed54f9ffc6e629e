import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '@shared/contract/admin';
import { callApi } from '@web/lib/api-client';
import { freshOnEntry } from '@web/lib/query-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/admin/reports`: every report. */
export const getAdminReports = () => callApi(adminApi.reports);

/** Read again each time the tab is shown. */
export const adminReportsQuery = queryOptions({
  queryKey: queryKeys.admin.reports,
  queryFn: getAdminReports,
  ...freshOnEntry,
});

export function useAdminReports(enabled: boolean) {
  return useQuery({ ...adminReportsQuery, enabled });
}
