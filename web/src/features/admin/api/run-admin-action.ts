import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BanInput, BulkDeleteInput, UnbanInput } from '@shared/admin';
import { adminApi } from '@shared/contract/admin';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** The moderation writes, named after their contract entries (`adminApi`). */
export type AdminAction =
  | { kind: 'hide' | 'dismissReports' | 'deleteReport'; id: string; reason?: string }
  | { kind: 'restore'; id: string }
  | { kind: 'deleteReports'; body: BulkDeleteInput }
  | { kind: 'ban'; body: BanInput }
  | { kind: 'unban'; body: UnbanInput };

/** The moderation write `action` names, by its contract entry. */
export function runAdminAction(action: AdminAction) {
  switch (action.kind) {
    case 'hide':
    case 'dismissReports':
    case 'deleteReport':
      return callApi(adminApi[action.kind], {
        params: { id: action.id },
        body: action.reason ? { reason: action.reason } : {},
      });
    case 'restore':
      return callApi(adminApi.restore, { params: { id: action.id } });
    case 'deleteReports':
      return callApi(adminApi.deleteReports, { body: action.body });
    case 'ban':
      return callApi(adminApi.ban, { body: action.body });
    case 'unban':
      return callApi(adminApi.unban, { body: action.body });
  }
}

/** Any admin action, then every admin list refreshes. */
export function useAdminAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runAdminAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
