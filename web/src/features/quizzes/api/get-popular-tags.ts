import { queryOptions, useQuery } from '@tanstack/react-query';
import { tagsApi } from '@shared/contract/tags';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/tags?limit`: the most used tags with their public quizzes' count. */
export const getPopularTags = (limit: number) =>
  callApi(tagsApi.popular, { query: { limit: String(limit) } });

export const popularTagsQuery = (limit: number) =>
  queryOptions({ queryKey: queryKeys.tags.popular(limit), queryFn: () => getPopularTags(limit) });

export function usePopularTags(limit: number) {
  return useQuery(popularTagsQuery(limit));
}
