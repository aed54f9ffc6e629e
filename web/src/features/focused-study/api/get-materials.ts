import { queryOptions, useQuery } from '@tanstack/react-query';
import { focusedStudyApi } from '@shared/contract/focused-study';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/focused-study/pdfs`: the member's materials. */
export const getMaterials = () => callApi(focusedStudyApi.materials);

export const materialsQuery = (userId: string) =>
  queryOptions({ queryKey: queryKeys.focusedStudy.materials(userId), queryFn: getMaterials });

export function useMaterials(userId: string) {
  return useQuery(materialsQuery(userId));
}
