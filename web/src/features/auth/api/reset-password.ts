import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordInput } from '@shared/accounts';
import { accountsApi } from '@shared/contract/accounts';
import { callApi } from '@web/lib/api-client';

/** `POST /api/auth/reset-password`. */
export const resetPassword = (input: ResetPasswordInput) =>
  callApi(accountsApi.resetPassword, { body: input });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
