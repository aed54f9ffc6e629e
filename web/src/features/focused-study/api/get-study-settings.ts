import { queryOptions, useQuery } from '@tanstack/react-query';
import { focusedStudyApi } from '@shared/contract/focused-study';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/focused-study/settings`. */
export const getStudySettings = () => callApi(focusedStudyApi.settings);

export const studySettingsQuery = (userId: string) =>
  queryOptions({ queryKey: queryKeys.focusedStudy.settings(userId), queryFn: getStudySettings });

export function useStudySettings(userId: string) {
  return useQuery(studySettingsQuery(userId));
}
