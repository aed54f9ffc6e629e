import { registrationEmail } from '../../accounts/auth';
import { accountsApi } from '@shared/contract/accounts';
import { httpHandler } from '../http';

/** `GET /api/auth/verify-token?token=`: the e-mail address of a still-valid registration link. */
export const handler = httpHandler(accountsApi.verifyToken, async ({ query }) => ({
  body: { valid: true as const, email: await registrationEmail(query.token) },
}));
