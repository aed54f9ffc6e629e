import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterInput } from '@shared/accounts';
import { accountsApi } from '@shared/contract/accounts';
import { callApi } from '@web/lib/api-client';
import { setCurrentUser } from '@web/lib/auth/current-user';

/** `POST /api/auth/register`. */
export const register = (input: RegisterInput) => callApi(accountsApi.register, { body: input });

/** Registers; the new member is signed in. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (response) => setCurrentUser(queryClient, response.user),
  });
}
