import { queryOptions, useQuery } from '@tanstack/react-query';
import { learningApi } from '@shared/contract/learning';
import { callApi } from '@web/lib/api-client';
import { freshOnEntry } from '@web/lib/query-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/study-plans`: the member's plans, newest first (their progress moves with each answer). */
export const getStudyPlans = () => callApi(learningApi.plans);

export const studyPlansQuery = (userId: string) =>
  queryOptions({ queryKey: queryKeys.learning.plans(userId), queryFn: getStudyPlans, ...freshOnEntry });

export function useStudyPlans(userId: string) {
  return useQuery(studyPlansQuery(userId));
}
