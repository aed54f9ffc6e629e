import { queryOptions, useQuery } from '@tanstack/react-query';
import { focusedStudyApi } from '@shared/contract/focused-study';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/focused-study/latest-session`: the last completed study run, for its retry. */
export const getLatestStudyRun = () => callApi(focusedStudyApi.latestSession);

export const latestStudyRunQuery = (userId: string) =>
  queryOptions({ queryKey: queryKeys.focusedStudy.latest(userId), queryFn: getLatestStudyRun });

export function useLatestStudyRun(userId: string) {
  return useQuery(latestStudyRunQuery(userId));
}
