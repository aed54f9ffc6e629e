import { queryOptions, useQuery } from '@tanstack/react-query';
import { learningApi } from '@shared/contract/learning';
import { callApi } from '@web/lib/api-client';
import { freshOnEntry } from '@web/lib/query-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/review/queue`: the questions answered wrongly and not mastered yet, due first. */
export const getReviewQueue = () => callApi(learningApi.reviewQueue);

export const reviewQueueQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.learning.reviewQueue(userId),
    queryFn: getReviewQueue,
    ...freshOnEntry,
  });

export function useReviewQueue(userId: string) {
  return useQuery(reviewQueueQuery(userId));
}
