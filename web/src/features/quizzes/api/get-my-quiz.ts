import { useQuery } from '@tanstack/react-query';
import { quizzesApi } from '@shared/contract/quizzes';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export function useMyQuizDetail(id: string | null) {
  return useQuery({
    queryKey: queryKeys.myQuizzes.detail(id ?? ''),
    queryFn: () => callApi(quizzesApi.mineDetail, { params: { id: id ?? '' } }),
    enabled: Boolean(id),
    staleTime: 0,
  });
}
