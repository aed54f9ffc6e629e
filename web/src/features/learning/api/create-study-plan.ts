import { useMutation } from '@tanstack/react-query';
import { learningApi } from '@shared/contract/learning';
import type { CreatePlanInput } from '@shared/learning';
import { callApi } from '@web/lib/api-client';
import { useRefreshLearning } from './refresh-learning';

/** `POST /api/study-plans`: a new plan, active at once. */
export const createStudyPlan = (plan: CreatePlanInput) => callApi(learningApi.createPlan, { body: plan });

/** Creates a plan; the plans and the dashboard's goals are read again. */
export function useCreateStudyPlan(userId: string) {
  const refresh = useRefreshLearning(userId);
  return useMutation({ mutationFn: createStudyPlan, onSuccess: () => refresh() });
}
