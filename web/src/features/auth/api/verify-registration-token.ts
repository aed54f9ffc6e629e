import { accountsApi } from '@shared/contract/accounts';
import { callApi } from '@web/lib/api-client';

/** `GET /api/auth/verify-token?token=`: the address behind a registration link. */
export const verifyRegistrationToken = (token: string) =>
  callApi(accountsApi.verifyToken, { query: { token } });
