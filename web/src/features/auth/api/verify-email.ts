import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerifyEmailInput } from '@shared/accounts';
import { accountsApi } from '@shared/contract/accounts';
import { callApi } from '@web/lib/api-client';
import { setCurrentUser } from '@web/lib/auth/current-user';

/** `POST /api/auth/verify-email`: completes an e-mail registration. */
export const verifyEmail = (input: VerifyEmailInput) => callApi(accountsApi.verifyEmail, { body: input });

/** Completes the registration; the new member is signed in. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: (response) => setCurrentUser(queryClient, response.user),
  });
}
