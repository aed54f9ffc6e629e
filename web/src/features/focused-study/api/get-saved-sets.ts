import { queryOptions, useQuery } from '@tanstack/react-query';
import { focusedStudyApi } from '@shared/contract/focused-study';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/focused-study/saved-question-sets`. */
export const getSavedSets = () => callApi(focusedStudyApi.savedSets);

export const savedSetsQuery = (userId: string) =>
  queryOptions({ queryKey: queryKeys.focusedStudy.savedSets(userId), queryFn: getSavedSets });

export function useSavedSets(userId: string) {
  return useQuery(savedSetsQuery(userId));
}
