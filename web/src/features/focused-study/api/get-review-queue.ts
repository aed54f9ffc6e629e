import { queryOptions, useQuery } from '@tanstack/react-query';
import { focusedStudyApi } from '@shared/contract/focused-study';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/focused-study/review-queue`: what is due for review today. */
export const getReviewQueue = () => callApi(focusedStudyApi.reviewQueue);

export const reviewQueueQuery = (userId: string) =>
  queryOptions({ queryKey: queryKeys.focusedStudy.reviews(userId), queryFn: getReviewQueue });

export function useReviewQueue(userId: string) {
  return useQuery(reviewQueueQuery(userId));
}
