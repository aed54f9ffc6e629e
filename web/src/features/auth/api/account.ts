import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountsApi } from '@shared/contract/accounts';
import { callApi } from '@web/lib/api-client';
import { setCurrentUser } from './get-current-user';

/** `GET /api/auth/verify-token?token=`: the address behind a registration link. */
export const verifyRegistrationToken = (token: string) =>
  callApi(accountsApi.verifyToken, { query: { token } });

/** `GET /api/auth/verify-admin-token?token=`: completes an administrator's sign-in. */
export const verifyAdminToken = (token: string) =>
  callApi(accountsApi.verifyAdminToken, { query: { token } });

/** `PATCH /api/user/nickname`. */
export function useUpdateNickname() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (nickname: string) => callApi(accountsApi.changeNickname, { body: { nickname } }),
    onSuccess: ({ user }) => setCurrentUser(queryClient, user),
  });
}

/** `DELETE /api/user/delete`: on success every cached answer is dropped (the caller goes home). */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (password: string) => callApi(accountsApi.deleteAccount, { body: { password } }),
    onSuccess: () => {
      queryClient.clear();
      setCurrentUser(queryClient, null);
    },
  });
}
