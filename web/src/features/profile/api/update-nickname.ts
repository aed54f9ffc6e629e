import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountsApi } from '@shared/contract/accounts';
import { callApi } from '@web/lib/api-client';
import { setCurrentUser } from '@web/lib/auth/current-user';

/** `PATCH /api/user/nickname`: the answer carries the user as they now are. */
export const updateNickname = (nickname: string) =>
  callApi(accountsApi.changeNickname, { body: { nickname } });

/** Changes the nickname; the signed-in user is replaced by the answer's. */
export function useUpdateNickname() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNickname,
    onSuccess: ({ user }) => setCurrentUser(queryClient, user),
  });
}
