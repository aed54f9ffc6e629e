import { queryOptions, useQuery } from '@tanstack/react-query';
import { quizzesApi } from '@shared/contract/quizzes';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/quizzes/featured`. */
export const getFeaturedQuiz = () => callApi(quizzesApi.featured);

export const featuredQuizQuery = queryOptions({
  queryKey: queryKeys.quizzes.featured,
  queryFn: getFeaturedQuiz,
});

export function useFeaturedQuiz() {
  return useQuery(featuredQuizQuery);
}
