import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuizDetail } from '@shared/quizzes';
import { UI } from '@shared/constants';
import { apiRequest, getJson } from '@web/lib/api-client';

export interface FlaggedQuiz {
  id: string;
  title: string;
  authorId: string;
  authorName: string;
  isHidden: boolean;
  reportCount: number;
  reports: { id: string; reason: string; details: string | null; reportedAt: string }[];
}

export interface AdminReport {
  id: string;
  quizId: string;
  reason: string;
  details: string | null;
  reportedAt: string;
  reportedByUser: { id: string; username: string; nickname: string; reports: number };
  quiz: { title: string; authorName: string; isHidden: boolean };
}

export interface ReportedUser {
  id: string;
  username: string;
  nickname: string;
  role: string;
  reportedQuizCount: number;
  reportCount: number;
  suspendedUntil: string | null;
  penalties: { penaltyType: string; expiresAt: string | null; issuedAt: string; active: boolean }[];
}

export interface EditHistoryEntry {
  id: string;
  editorNickname: string;
  editorUsername: string;
  editedAt: string;
  reason: string;
  changes: {
    quiz: { before: Record<string, unknown>; after: Record<string, unknown> };
    questions: { before: Record<string, unknown>[]; after: Record<string, unknown>[] };
  };
}

/** The flagged list is refetched every 10 s and on window focus (spec). */
export function useFlaggedQuizzes(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/admin/flagged-quizzes'],
    queryFn: () => getJson<FlaggedQuiz[]>('/api/admin/flagged-quizzes'),
    enabled,
    refetchInterval: UI.adminReportsRefetchMs,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

export function useAdminReports(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/admin/reports'],
    queryFn: () => getJson<AdminReport[]>('/api/admin/reports'),
    enabled,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useReportedUsers(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/admin/reported-users'],
    queryFn: () => getJson<ReportedUser[]>('/api/admin/reported-users'),
    enabled,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export const getAdminQuiz = (id: string) =>
  getJson<QuizDetail>(`/api/admin/quizzes/${encodeURIComponent(id)}`);
export const getEditHistory = (id: string) =>
  getJson<EditHistoryEntry[]>(`/api/admin/quizzes/${encodeURIComponent(id)}/edit-history`);

/** Any admin action, then every admin list refreshes. */
export function useAdminAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: { method: 'PATCH' | 'DELETE' | 'POST'; path: string; body?: unknown }) =>
      (await apiRequest(action.method, action.path, action.body)).json() as Promise<{ message?: string }>,
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith('/api/admin'),
      }),
  });
}
