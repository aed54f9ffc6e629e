import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountsApi } from '@shared/contract/accounts';
import { callApi } from '@web/lib/api-client';
import { setCurrentUser } from '@web/lib/auth/current-user';

/** `PATCH /api/user/nickname`. */
export function useUpdateNickname() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (nickname: string) => callApi(accountsApi.changeNickname, { body: { nickname } }),
    onSuccess: ({ user }) => setCurrentUser(queryClient, user),
  });
}
