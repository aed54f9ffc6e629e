import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@shared/users';
import { UI } from '@shared/constants';
import { ApiError, callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { forgetSignedInHint } from '@web/lib/signed-in-hint';

/** `GET /api/auth/me`: the user, or null when the answer is 401 (not signed in). */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  // Loaded with the first call, not with the page: the schemas (and Zod) stay out of the entry chunk.
  const { accountsApi } = await import('@shared/contract/accounts');
  try {
    return await callApi(accountsApi.me);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      forgetSignedInHint();
      return null;
    }
    throw error;
  }
}

/** Cached 10 minutes; no refetch on focus or mount; up to 2 retries except on 401 (docs/spec/core-platform.md §7). */
export const currentUserQuery = queryOptions({
  queryKey: queryKeys.currentUser,
  queryFn: getCurrentUser,
  staleTime: UI.currentUserStaleMs,
  refetchOnWindowFocus: false,
  refetchOnMount: false,
  retry: (failures, error) => !(error instanceof ApiError && error.status === 401) && failures < 2,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

/**
 * Records who is signed in from now on (after a sign-in, a registration, a verified link or a
 * sign-out). A `GET /api/auth/me` still on its way was asked before the change and would put the
 * old answer back when it lands (an administrator's verified link showed a guest's navigation):
 * it is cancelled first.
 */
export function setCurrentUser(queryClient: QueryClient, user: CurrentUser | null) {
  void queryClient.cancelQueries({ queryKey: queryKeys.currentUser });
  queryClient.setQueryData(queryKeys.currentUser, user);
}
