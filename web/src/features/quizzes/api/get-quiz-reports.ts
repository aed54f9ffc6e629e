import { useQuery } from '@tanstack/react-query';
import { quizzesApi } from '@shared/contract/quizzes';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/quizzes/{id}/reports`: a failure counts as no reports (spec). */
export const getQuizReports = (id: string) => callApi(quizzesApi.reports, { params: { id } }).catch(() => []);

export function useQuizReports(id: string | null) {
  return useQuery({
    queryKey: queryKeys.quizzes.reports(id ?? ''),
    queryFn: () => getQuizReports(id ?? ''),
    enabled: Boolean(id),
    staleTime: 0,
  });
}
