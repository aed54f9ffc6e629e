import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@shared/users';
import { apiRequest, getJson } from '@web/lib/api-client';
import { currentUserKey } from './get-current-user';

/** `GET /api/auth/verify-token?token=`: the address behind a registration link. */
export const verifyRegistrationToken = (token: string) =>
  getJson<{ email: string }>(`/api/auth/verify-token?token=${encodeURIComponent(token)}`);

/** `GET /api/auth/verify-admin-token?token=`: completes an administrator's sign-in. */
export const verifyAdminToken = (token: string) =>
  getJson<{ user: CurrentUser }>(`/api/auth/verify-admin-token?token=${encodeURIComponent(token)}`);

/** `PATCH /api/user/nickname`. */
export function useUpdateNickname() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (nickname: string) =>
      (await (await apiRequest('PATCH', '/api/user/nickname', { nickname })).json()) as { user: CurrentUser },
    onSuccess: ({ user }) => queryClient.setQueryData(currentUserKey, user),
  });
}

/** `DELETE /api/user/delete`: on success every cached answer is dropped (the caller goes home). */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (password: string) =>
      (await apiRequest('DELETE', '/api/user/delete', { password })).json() as Promise<{ message: string }>,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(currentUserKey, null);
    },
  });
}
