import { queryOptions, useQuery } from '@tanstack/react-query';
import { aiApi } from '@shared/contract/ai';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/ai/usage-limit`: canUse, remaining, total and the next reset (00:00 Japan time). */
export const getAiUsage = () => callApi(aiApi.usageLimit);

export const aiUsageQuery = (userId: string) =>
  queryOptions({ queryKey: queryKeys.aiUsage(userId), queryFn: getAiUsage });

export function useAiUsage(userId: string) {
  return useQuery(aiUsageQuery(userId));
}
