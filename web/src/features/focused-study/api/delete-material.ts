import { useMutation } from '@tanstack/react-query';
import { focusedStudyApi } from '@shared/contract/focused-study';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { useRefreshFocusedStudy } from './refresh-focused-study';

/** `DELETE /api/focused-study/pdfs/{id}`. */
export const deleteMaterial = (id: string) => callApi(focusedStudyApi.deleteMaterial, { params: { id } });

/** Deletes a material; the materials are read again either way. */
export function useDeleteMaterial(userId: string) {
  const refresh = useRefreshFocusedStudy(queryKeys.focusedStudy.materials, userId);
  return useMutation({
    mutationFn: deleteMaterial,
    onSettled: () => refresh(),
  });
}
