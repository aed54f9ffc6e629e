import { useMutation } from '@tanstack/react-query';
import { focusedStudyApi } from '@shared/contract/focused-study';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { useRefreshFocusedStudy } from './refresh-focused-study';

/** `DELETE /api/focused-study/pdfs/{id}`. */
export function useDeleteMaterial(userId: string) {
  const refresh = useRefreshFocusedStudy(queryKeys.focusedStudy.materials, userId);
  return useMutation({
    mutationFn: (id: string) => callApi(focusedStudyApi.deleteMaterial, { params: { id } }),
    onSettled: () => refresh(),
  });
}
