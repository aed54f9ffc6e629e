import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountsApi } from '@shared/contract/accounts';
import { callApi } from '@web/lib/api-client';
import { setCurrentUser } from '@web/lib/auth/current-user';

/** `DELETE /api/user/delete`, confirmed with the password. */
export const deleteAccount = (password: string) => callApi(accountsApi.deleteAccount, { body: { password } });

/** Deletes the account; on success every cached answer is dropped (the caller goes home). */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      queryClient.clear();
      setCurrentUser(queryClient, null);
    },
  });
}
