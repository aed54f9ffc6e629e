import { useQuery } from '@tanstack/react-query';
import { UI } from '@shared/constants';
import { adminApi } from '@shared/contract/admin';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/admin/flagged-quizzes`, refetched every 10 s and on window focus (spec). */
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
