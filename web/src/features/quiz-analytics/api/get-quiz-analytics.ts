import { queryOptions, useQuery } from '@tanstack/react-query';
import { quizAnalyticsApi } from '@shared/contract/quiz-analytics';
import { callApi } from '@web/lib/api-client';
import { freshOnEntry } from '@web/lib/query-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/my-quizzes/{id}/analytics`: a quiz's per-question figures, for its author. */
export const getQuizAnalytics = (id: string) => callApi(quizAnalyticsApi.get, { params: { id } });

/** Read afresh each time the page is entered: plays keep coming in. */
export const quizAnalyticsQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.myQuizzes.analytics(id),
    queryFn: () => getQuizAnalytics(id),
    ...freshOnEntry,
  });

export function useQuizAnalytics(id: string) {
  return useQuery(quizAnalyticsQuery(id));
}
