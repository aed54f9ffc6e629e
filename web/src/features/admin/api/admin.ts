import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UI } from '@shared/constants';
import { adminApi } from '@shared/contract/admin';
import { callApi } from '@web/lib/api-client';

import type { BanInput, BulkDeleteInput, UnbanInput } from '@shared/admin';
import { queryKeys } from '@web/lib/query-keys';

export type { AdminReport, EditHistoryEntry, FlaggedQuiz, ReportedUser } from '@shared/admin';

/** The flagged list is refetched every 10 s and on window focus (spec). */
export function useFlaggedQuizzes(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.admin.flaggedQuizzes,
    queryFn: () => callApi(adminApi.flaggedQuizzes),
    enabled,
    refetchInterval: UI.adminReportsRefetchMs,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

export function useAdminReports(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.admin.reports,
    queryFn: () => callApi(adminApi.reports),
    enabled,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useReportedUsers(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.admin.reportedUsers,
    queryFn: () => callApi(adminApi.reportedUsers),
    enabled,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export const getAdminQuiz = (id: string) => callApi(adminApi.quiz, { params: { id } });
export const getEditHistory = (id: string) => callApi(adminApi.editHistory, { params: { id } });

/** The moderation writes, named after their contract entries (`adminApi`). */
export type AdminAction =
  | { kind: 'hide' | 'dismissReports' | 'deleteReport'; id: string; reason?: string }
  | { kind: 'restore'; id: string }
  | { kind: 'deleteReports'; body: BulkDeleteInput }
  | { kind: 'ban'; body: BanInput }
  | { kind: 'unban'; body: UnbanInput };

function runAction(action: AdminAction) {
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
    mutationFn: runAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
