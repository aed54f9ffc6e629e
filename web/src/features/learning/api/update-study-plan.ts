import { useMutation } from '@tanstack/react-query';
import { learningApi } from '@shared/contract/learning';
import type { UpdatePlanInput } from '@shared/learning';
import { callApi } from '@web/lib/api-client';
import { useRefreshLearning } from './refresh-learning';

/** `PUT /api/study-plans/{id}`: any of its fields; `isActive: true` makes it the active plan. */
export const updateStudyPlan = ({ id, ...plan }: UpdatePlanInput & { id: string }) =>
  callApi(learningApi.updatePlan, { params: { id }, body: plan });

/** Edits or activates a plan; the plans and the dashboard's goals are read again. */
export function useUpdateStudyPlan(userId: string) {
  const refresh = useRefreshLearning(userId);
  return useMutation({ mutationFn: updateStudyPlan, onSuccess: () => refresh() });
}
