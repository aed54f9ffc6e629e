import { useQuery } from '@tanstack/react-query';
import { focusedStudyApi } from '@shared/contract/focused-study';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/focused-study/review-queue`: what is due for review today. */
export function useReviewQueue(userId: string) {
  return useQuery({
    queryKey: queryKeys.focusedStudy.reviews(userId),
    queryFn: () => callApi(focusedStudyApi.reviewQueue),
  });
}
