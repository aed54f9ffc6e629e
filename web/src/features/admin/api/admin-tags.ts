import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { tagsApi } from '@shared/contract/tags';
import type { UpdateTagInput } from '@shared/tags';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/admin/tags`: every tag, inactive ones included, most used first. */
export const getAdminTags = () => callApi(tagsApi.adminList);

export const adminTagsQuery = queryOptions({ queryKey: queryKeys.admin.tags, queryFn: getAdminTags });

export function useAdminTags(enabled: boolean) {
  return useQuery({ ...adminTagsQuery, enabled });
}

/** `PATCH /api/admin/tags/{id}`: rename (onto another tag's name: a merge), recolour, (de)activate. */
export const updateAdminTag = ({ id, change }: { id: string; change: UpdateTagInput }) =>
  callApi(tagsApi.adminUpdate, { params: { id }, body: change });

/** A tag's change; the admin list, the popular tags and every quiz list (their chips) are read again. */
export function useUpdateAdminTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminTag,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.tags }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tags.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.quizzes.all }),
      ]),
  });
}
