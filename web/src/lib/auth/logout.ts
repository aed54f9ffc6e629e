import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountsApi } from '@shared/contract/accounts';
import { callApi } from '@web/lib/api-client';
import { setCurrentUser } from './current-user';
import { queryKeys } from '@web/lib/query-keys';

/**
 * `POST /api/auth/logout`. Afterwards the cached user is cleared and per-user data (pro status,
 * AI usage, quiz lists) is refreshed; the caller decides where to go.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(accountsApi.logout),
    onSuccess: async () => {
      setCurrentUser(queryClient, null);
      await queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== queryKeys.currentUser[0],
      });
    },
  });
}
