import { useMutation } from '@tanstack/react-query';
import { accountsApi } from '@shared/contract/accounts';
import { ApiError, callApi } from '@web/lib/api-client';

export const SERVER_ERROR_MESSAGE =
  'サーバーエラー: 一時的なエラーが発生しました。しばらくしてからもう一度お試しください。';

/**
 * `POST /api/auth/request-password-reset`. Per the spec, only an answer of 500 or above is an
 * error (its message is read from the body); any other answer counts as sent.
 */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: async (email: string) => {
      try {
        await callApi(accountsApi.requestPasswordReset, { body: { email } });
      } catch (error) {
        if (error instanceof ApiError && error.status >= 500)
          throw new Error(error.serverMessage ?? SERVER_ERROR_MESSAGE);
        if (!(error instanceof ApiError)) throw error;
      }
    },
  });
}
