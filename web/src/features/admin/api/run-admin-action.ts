import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_LIMITS, type BanInput, type BulkDeleteInput, type UnbanInput } from '@shared/admin';
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

/**
 * `DELETE /api/admin/reports/bulk` for any number of reports: the server takes up to
 * `ADMIN_LIMITS.bulkDeleteMax` at a time, so a longer selection (すべて選択 of a long list) is sent
 * in turns, one after another; the deleted counts add up.
 */
async function deleteReportsInBatches(body: BulkDeleteInput) {
  let deleted = 0;
  let message = '';
  for (let start = 0; start < body.reportIds.length; start += ADMIN_LIMITS.bulkDeleteMax) {
    const reportIds = body.reportIds.slice(start, start + ADMIN_LIMITS.bulkDeleteMax);
    const answer = await callApi(adminApi.deleteReports, { body: { ...body, reportIds } });
    deleted += answer.deleted;
    message = answer.message;
  }
  return { deleted, message };
}

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
      return deleteReportsInBatches(action.body);
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
