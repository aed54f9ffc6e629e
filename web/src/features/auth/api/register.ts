import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterInput, VerifyEmailInput } from '@shared/accounts';
import type { CurrentUser } from '@shared/users';
import { apiRequest } from '@web/lib/api-client';
import { currentUserKey } from './get-current-user';

interface SignedUp {
  user: CurrentUser;
  message: string;
}

/** `POST /api/auth/register`: the new member is signed in. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RegisterInput) =>
      (await (await apiRequest('POST', '/api/auth/register', input)).json()) as SignedUp,
    onSuccess: (response) => queryClient.setQueryData(currentUserKey, response.user),
  });
}

/** `POST /api/auth/email-register`: mails the registration link. */
export function useEmailRegister() {
  return useMutation({
    mutationFn: async (email: string) =>
      (await apiRequest('POST', '/api/auth/email-register', { email })).json() as Promise<{
        message: string;
      }>,
  });
}

/** `POST /api/auth/verify-email`: completes an e-mail registration; the new member is signed in. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: VerifyEmailInput) =>
      (await (await apiRequest('POST', '/api/auth/verify-email', input)).json()) as SignedUp,
    onSuccess: (response) => queryClient.setQueryData(currentUserKey, response.user),
  });
}
