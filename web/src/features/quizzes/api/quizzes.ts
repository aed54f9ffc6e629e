import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuizDetail, QuizSummary } from '@shared/quizzes';
import type { CreateQuizInput, ReportInput, UpdateQuizInput } from '@shared/quiz-schemas';
import { apiRequest, getJson } from '@web/lib/api-client';

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

const withParams = (path: string, params: Record<string, string>) => {
  const search = new URLSearchParams(Object.entries(params).filter(([, value]) => value !== ''));
  const query = search.toString();
  return query ? `${path}?${query}` : path;
};

/** `GET /api/quizzes?category&difficulty&search&limit=50`: the home page's latest quizzes. */
export function useQuizList(params: { category: string; difficulty: string; search: string }) {
  const all = { ...params, limit: '50' };
  return useQuery({
    queryKey: quizKeys.list(all),
    queryFn: () => getJson<QuizSummary[]>(withParams('/api/quizzes', all)),
  });
}

/** `GET /api/quizzes/featured`. */
export function useFeaturedQuiz() {
  return useQuery({
    queryKey: quizKeys.featured,
    queryFn: () => getJson<QuizSummary | null>('/api/quizzes/featured'),
  });
}

/** `GET /api/quizzes/search?q&category&difficulty&sort`; one retry on failure (spec). */
export function useQuizSearch(params: { q: string; category: string; difficulty: string; sort: string }) {
  return useQuery({
    queryKey: quizKeys.search(params),
    queryFn: () => getJson<QuizSummary[]>(withParams('/api/quizzes/search', params)),
    retry: 1,
  });
}

export const myQuizzesQuery = queryOptions({
  queryKey: quizKeys.mine,
  queryFn: () => getJson<QuizSummary[]>('/api/my-quizzes'),
});

export function useMyQuizzes(enabled = true) {
  return useQuery({ ...myQuizzesQuery, enabled });
}

export function useMyQuizDetail(id: string | null) {
  return useQuery({
    queryKey: quizKeys.mineDetail(id ?? ''),
    queryFn: () => getJson<QuizDetail>(`/api/my-quizzes/${encodeURIComponent(id ?? '')}`),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

/** `GET /api/quizzes/{id}/reports`: a failure counts as no reports (spec). */
export function useQuizReports(id: string | null) {
  return useQuery({
    queryKey: quizKeys.reports(id ?? ''),
    queryFn: () =>
      getJson<{ id: string; reason: string; details: string | null; reportedAt: string }[]>(
        `/api/quizzes/${encodeURIComponent(id ?? '')}/reports`,
      ).catch(() => []),
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
    mutationFn: async (input: CreateQuizInput) =>
      (await apiRequest('POST', '/api/quizzes', input)).json() as Promise<QuizSummary>,
    onSuccess: () => refresh(),
  });
}

export function useUpdateQuiz() {
  const refresh = useRefreshQuizLists();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: UpdateQuizInput }) =>
      (
        await apiRequest('PUT', `/api/quizzes/${encodeURIComponent(id)}`, input)
      ).json() as Promise<QuizSummary>,
    onSuccess: () => refresh(),
  });
}

export function useDeleteQuiz() {
  const refresh = useRefreshQuizLists();
  return useMutation({
    mutationFn: async (id: string) =>
      (await apiRequest('DELETE', `/api/quizzes/${encodeURIComponent(id)}`)).json() as Promise<unknown>,
    onSuccess: () => refresh(),
  });
}

export function useReportQuiz() {
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: ReportInput }) =>
      (await apiRequest('POST', `/api/quizzes/${encodeURIComponent(id)}/report`, input)).json() as Promise<{
        message: string;
      }>,
  });
}

export function useFavorites(enabled = true) {
  return useQuery({
    queryKey: quizKeys.favorites,
    queryFn: () => getJson<QuizSummary[]>('/api/favorites'),
    enabled,
  });
}

/** Adds or removes a favourite, then refreshes the favourite list and this quiz's check. */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, favorite }: { id: string; favorite: boolean }) => {
      await apiRequest(favorite ? 'POST' : 'DELETE', `/api/favorites/${encodeURIComponent(id)}`);
      return favorite;
    },
    onSuccess: async (favorite, { id }) => {
      queryClient.setQueryData(quizKeys.favorite(id), { isFavorite: favorite });
      await queryClient.invalidateQueries({ queryKey: quizKeys.favorites });
    },
  });
}
