import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAiUsage } from '@web/lib/api/get-ai-usage';
import { useMyQuizzes } from '@web/lib/api/get-my-quizzes';
import { createQueryClient } from '@web/lib/query-client';
import { fakeFetch, json } from '@web/testing/render';
import { queryKeys } from '@web/lib/query-keys';
import { useLogout } from './logout';

afterEach(() => vi.unstubAllGlobals());

describe('useLogout', () => {
  it('clears the user and refreshes the AI usage and quiz lists (docs/spec/core-platform.md §4)', async () => {
    const { fetchImpl, calls } = fakeFetch({
      '/api/auth/logout': () => json({ message: 'ログアウトしました' }),
      '/api/ai/usage-limit': () =>
        json({ canUse: true, remaining: 3, total: 3, resetAt: '2026-05-02T15:00:00.000Z' }),
      '/api/my-quizzes': () => json([]),
    });
    vi.stubGlobal('fetch', fetchImpl);
    const queryClient = createQueryClient();
    queryClient.setQueryData(queryKeys.currentUser, { id: 'u1' });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => ({ usage: useAiUsage('u1'), quizzes: useMyQuizzes(), logout: useLogout() }),
      { wrapper },
    );
    await waitFor(() =>
      expect(result.current.usage.isSuccess && result.current.quizzes.isSuccess).toBe(true),
    );
    const count = (url: string) => calls.filter((call) => call.url === url).length;
    expect([count('/api/ai/usage-limit'), count('/api/my-quizzes')]).toEqual([1, 1]);

    await act(() => result.current.logout.mutateAsync());
    expect(queryClient.getQueryData(queryKeys.currentUser)).toBeNull();
    await waitFor(() => expect([count('/api/ai/usage-limit'), count('/api/my-quizzes')]).toEqual([2, 2]));
  });
});
