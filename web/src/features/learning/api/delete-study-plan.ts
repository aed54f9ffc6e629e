import { useMutation } from '@tanstack/react-query';
import { learningApi } from '@shared/contract/learning';
import { callApi } from '@web/lib/api-client';
import { useRefreshLearning } from './refresh-learning';

/** `DELETE /api/study-plans/{id}`. */
export const deleteStudyPlan = (id: string) => callApi(learningApi.deletePlan, { params: { id } });

/** Deletes a plan; the plans and the goals are read again either way. */
export function useDeleteStudyPlan(userId: string) {
  const refresh = useRefreshLearning(userId);
  return useMutation({ mutationFn: deleteStudyPlan, onSettled: () => refresh() });
}
