import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '@shared/accounts';
import { accountsApi } from '@shared/contract/accounts';
import { UI } from '@shared/constants';
import { callApi } from '@web/lib/api-client';
import { setCurrentUser, getCurrentUser } from '@web/lib/auth/current-user';
import { queryKeys } from '@web/lib/query-keys';

const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** `POST /api/auth/login`. */
export const login = (input: LoginInput) => callApi(accountsApi.login, { body: input });

/**
 * Signs in. On success the current-user cache is set, then the current-user call is
 * polled up to 5 times at 200 ms until it answers (the session cookie is in place); the caller then
 * leaves the page. An administrator's answer asks for e-mail confirmation instead.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (response) => {
      if (response.needsEmailVerification || !response.user) return;
      setCurrentUser(queryClient, response.user);
      for (let attempt = 0; attempt < UI.loginPollTries; attempt++) {
        const user = await getCurrentUser().catch(() => null);
        if (user) {
          setCurrentUser(queryClient, user);
          break;
        }
        await wait(UI.loginPollIntervalMs);
      }
      await queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== queryKeys.currentUser[0],
      });
    },
  });
}
