import { accountsApi } from '@shared/contract/accounts';
import { callApi } from '@web/lib/api-client';

/** `GET /api/auth/verify-admin-token?token=`: completes an administrator's sign-in. */
export const verifyAdminToken = (token: string) =>
  callApi(accountsApi.verifyAdminToken, { query: { token } });
