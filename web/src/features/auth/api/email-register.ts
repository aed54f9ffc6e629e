import { useMutation } from '@tanstack/react-query';
import { accountsApi } from '@shared/contract/accounts';
import { callApi } from '@web/lib/api-client';

/** `POST /api/auth/email-register`: mails the registration link. */
export const emailRegister = (email: string) => callApi(accountsApi.emailRegister, { body: { email } });

export function useEmailRegister() {
  return useMutation({ mutationFn: emailRegister });
}
