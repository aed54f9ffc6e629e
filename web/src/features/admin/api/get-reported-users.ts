import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '@shared/contract/admin';
import { callApi } from '@web/lib/api-client';
import { freshOnEntry } from '@web/lib/query-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/admin/reported-users`. */
export const getReportedUsers = () => callApi(adminApi.reportedUsers);

/** Read again each time the tab is shown. */
export const reportedUsersQuery = queryOptions({
  queryKey: queryKeys.admin.reportedUsers,
  queryFn: getReportedUsers,
  ...freshOnEntry,
});

export function useReportedUsers(enabled: boolean) {
  return useQuery({ ...reportedUsersQuery, enabled });
}
