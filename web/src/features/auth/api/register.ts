import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterInput, VerifyEmailInput } from '@shared/accounts';
import { accountsApi } from '@shared/contract/accounts';
import { callApi } from '@web/lib/api-client';
import { setCurrentUser } from '@web/lib/auth/current-user';

/** `POST /api/auth/register`: the new member is signed in. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RegisterInput) => callApi(accountsApi.register, { body: input }),
    onSuccess: (response) => setCurrentUser(queryClient, response.user),
  });
}

/** `POST /api/auth/email-register`: mails the registration link. */
export function useEmailRegister() {
  return useMutation({
    mutationFn: async (email: string) => callApi(accountsApi.emailRegister, { body: { email } }),
  });
}

/** `POST /api/auth/verify-email`: completes an e-mail registration; the new member is signed in. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: VerifyEmailInput) => callApi(accountsApi.verifyEmail, { body: input }),
    onSuccess: (response) => setCurrentUser(queryClient, response.user),
  });
}
