import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DIFFICULTIES, LIMITS } from '@shared/constants';
import { quizzesApi } from '@shared/contract/quizzes';
import { SEARCH_SORTS } from '@shared/quizzes';
import type { CreateQuizInput, ReportInput, UpdateQuizInput } from '@shared/quiz-schemas';
import { callApi } from '@web/lib/api-client';

/** Query keys: every quiz list starts with one of these, so a write can refresh them all. */
export const quizKeys = {
  list: (params: Record<string, string>) => ['/api/quizzes', params] as const,
  featured: ['/api/quizzes/featured'] as const,
  search: (params: Record<string, string>) => ['/api/quizzes/search', params] as const,
  mine: ['/api/my-quizzes'] as const,
  mineDetail: (id: string) => ['/api/my-quizzes', id] as const,
  reports: (id: string) => ['/api/quizzes/reports', id] as const,
  favorites: ['/api/favorites'] as const,
  favorite: (id: string) => ['/api/favorites', id] as const,
};

/** The filter's value when it is one of `values`; anything else (such as «すべて», '') means no filter. */
const oneOf = <T extends string>(values: readonly T[], value: string): T | undefined =>
  values.find((candidate) => candidate === value);

/** `GET /api/quizzes?category&difficulty&search&limit=50`: the home page's latest quizzes. */
export function useQuizList(params: { category: string; difficulty: string; search: string }) {
  const all = { ...params, limit: String(LIMITS.homeQuizListLimit) };
  return useQuery({
    queryKey: quizKeys.list(all),
    queryFn: () =>
      callApi(quizzesApi.list, { query: { ...all, difficulty: oneOf(DIFFICULTIES, params.difficulty) } }),
  });
}

/** `GET /api/quizzes/featured`. */
export function useFeaturedQuiz() {
  return useQuery({
    queryKey: quizKeys.featured,
    queryFn: () => callApi(quizzesApi.featured),
  });
}

/** `GET /api/quizzes/search?q&category&difficulty&sort`; one retry on failure (spec). */
export function useQuizSearch(params: { q: string; category: string; difficulty: string; sort: string }) {
  return useQuery({
    queryKey: quizKeys.search(params),
    queryFn: () =>
      callApi(quizzesApi.search, {
        query: {
          ...params,
          difficulty: oneOf(DIFFICULTIES, params.difficulty),
          sort: oneOf(SEARCH_SORTS, params.sort),
        },
      }),
    retry: 1,
  });
}

export const myQuizzesQuery = queryOptions({
  queryKey: quizKeys.mine,
  queryFn: () => callApi(quizzesApi.mine),
});

export function useMyQuizzes(enabled = true) {
  return useQuery({ ...myQuizzesQuery, enabled });
}

export function useMyQuizDetail(id: string | null) {
  return useQuery({
    queryKey: quizKeys.mineDetail(id ?? ''),
    queryFn: () => callApi(quizzesApi.mineDetail, { params: { id: id ?? '' } }),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

/** `GET /api/quizzes/{id}/reports`: a failure counts as no reports (spec). */
export function useQuizReports(id: string | null) {
  return useQuery({
    queryKey: quizKeys.reports(id ?? ''),
    queryFn: () => callApi(quizzesApi.reports, { params: { id: id ?? '' } }).catch(() => []),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

/** Refreshes every quiz list after a write. */
function useRefreshQuizLists() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (query) =>
        [
          '/api/quizzes',
          '/api/quizzes/featured',
          '/api/quizzes/search',
          '/api/my-quizzes',
          '/api/favorites',
        ].includes(String(query.queryKey[0])),
    });
}

export function useCreateQuiz() {
  const refresh = useRefreshQuizLists();
  return useMutation({
    mutationFn: async (input: CreateQuizInput) => callApi(quizzesApi.create, { body: input }),
    onSuccess: () => refresh(),
  });
}

export function useUpdateQuiz() {
  const refresh = useRefreshQuizLists();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: UpdateQuizInput }) =>
      callApi(quizzesApi.update, { params: { id }, body: input }),
    onSuccess: () => refresh(),
  });
}

export function useDeleteQuiz() {
  const refresh = useRefreshQuizLists();
  return useMutation({
    mutationFn: async (id: string) => callApi(quizzesApi.delete, { params: { id } }),
    onSuccess: () => refresh(),
  });
}

export function useReportQuiz() {
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: ReportInput }) =>
      callApi(quizzesApi.report, { params: { id }, body: input }),
  });
}

export function useFavorites(enabled = true) {
  return useQuery({
    queryKey: quizKeys.favorites,
    queryFn: () => callApi(quizzesApi.favorites),
    enabled,
  });
}

/** Adds or removes a favourite, then refreshes the favourite list and this quiz's check. */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, favorite }: { id: string; favorite: boolean }) => {
      await callApi(favorite ? quizzesApi.addFavorite : quizzesApi.removeFavorite, { params: { id } });
      return favorite;
    },
    onSuccess: async (favorite, { id }) => {
      queryClient.setQueryData(quizKeys.favorite(id), { isFavorite: favorite });
      await queryClient.invalidateQueries({ queryKey: quizKeys.favorites });
    },
  });
}
