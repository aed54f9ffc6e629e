import { tokenQuerySchema } from '@shared/accounts';
import { registrationEmail } from '../../accounts/auth';
import { httpHandler } from '../../lib/http-handler';

/** `GET /api/auth/verify-token?token=`: the e-mail address of a still-valid registration link. */
export const handler = httpHandler({
  route: 'GET /api/auth/verify-token',
  query: tokenQuerySchema,
  handle: async ({ query }) => ({ body: { valid: true, email: await registrationEmail(query.token) } }),
});
