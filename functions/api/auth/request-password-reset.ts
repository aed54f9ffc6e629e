import { ACCOUNT_MESSAGES, emailRequestSchema } from '@shared/accounts';
import { requestPasswordReset } from '../../accounts/auth';
import { httpHandler } from '../../lib/http-handler';

/** `POST /api/auth/request-password-reset`: the same answer whether or not the address has an account. */
export const handler = httpHandler({
  route: 'POST /api/auth/request-password-reset',
  body: emailRequestSchema,
  handle: async ({ body }) => {
    await requestPasswordReset(body.email);
    return { body: { message: ACCOUNT_MESSAGES.passwordResetSent } };
  },
});
