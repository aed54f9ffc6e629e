import { useQuery } from '@tanstack/react-query';
import { focusedStudyApi } from '@shared/contract/focused-study';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/focused-study/settings`. */
export function useStudySettings(userId: string) {
  return useQuery({
    queryKey: queryKeys.focusedStudy.settings(userId),
    queryFn: () => callApi(focusedStudyApi.settings),
  });
}
