import { useQuery } from '@tanstack/react-query';
import { focusedStudyApi } from '@shared/contract/focused-study';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/focused-study/pdfs`: the member's materials. */
export function useMaterials(userId: string) {
  return useQuery({
    queryKey: queryKeys.focusedStudy.materials(userId),
    queryFn: () => callApi(focusedStudyApi.materials),
  });
}
