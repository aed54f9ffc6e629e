import { useQuery } from '@tanstack/react-query';
import { focusedStudyApi } from '@shared/contract/focused-study';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/focused-study/latest-session`: the last completed study run, for its retry. */
export function useLatestStudyRun(userId: string) {
  return useQuery({
    queryKey: queryKeys.focusedStudy.latest(userId),
    queryFn: () => callApi(focusedStudyApi.latestSession),
  });
}
