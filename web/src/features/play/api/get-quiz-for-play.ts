import { queryOptions, useQuery } from '@tanstack/react-query';
import { quizzesApi } from '@shared/contract/quizzes';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/quizzes/{id}`: the quiz with its questions (no answer key unless the player wrote it). */
export const getQuizForPlay = (id: string) => callApi(quizzesApi.get, { params: { id } });

export const quizForPlayQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.quizzes.detail(id), queryFn: () => getQuizForPlay(id) });

export function useQuizForPlay(id: string) {
  return useQuery(quizForPlayQuery(id));
}
