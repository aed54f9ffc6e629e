import { useQuery } from '@tanstack/react-query';
import { focusedStudyApi } from '@shared/contract/focused-study';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/focused-study/saved-question-sets`. */
export function useSavedSets(userId: string) {
  return useQuery({
    queryKey: queryKeys.focusedStudy.savedSets(userId),
    queryFn: () => callApi(focusedStudyApi.savedSets),
  });
}
