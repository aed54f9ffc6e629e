import { queryOptions, useQuery } from '@tanstack/react-query';
import { quizzesApi } from '@shared/contract/quizzes';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/my-quizzes`: the member's own quizzes (my quizzes page, the room's quiz picker). */
export const getMyQuizzes = () => callApi(quizzesApi.mine);

export const myQuizzesQuery = queryOptions({ queryKey: queryKeys.myQuizzes.all, queryFn: getMyQuizzes });

export function useMyQuizzes(enabled = true) {
  return useQuery({ ...myQuizzesQuery, enabled });
}
