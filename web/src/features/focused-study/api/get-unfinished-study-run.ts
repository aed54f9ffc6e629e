import { queryOptions, useQuery } from '@tanstack/react-query';
import { focusedStudyApi } from '@shared/contract/focused-study';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/focused-study/unfinished-session`: the study run left unfinished (after a reload, or on
 * another device), or null. */
export const getUnfinishedStudyRun = () => callApi(focusedStudyApi.unfinishedSession);

export const unfinishedStudyRunQuery = (userId: string) =>
  queryOptions({ queryKey: queryKeys.focusedStudy.unfinished(userId), queryFn: getUnfinishedStudyRun });

export function useUnfinishedStudyRun(userId: string) {
  return useQuery(unfinishedStudyRunQuery(userId));
}
