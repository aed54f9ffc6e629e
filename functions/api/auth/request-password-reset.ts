import { ACCOUNT_MESSAGES, emailRequestSchema } from '@shared/accounts';
import { requestPasswordReset } from '../../accounts/auth';
import { httpHandler } from '../../lib/http-handler';
import { requestOrigin } from './request-origin';

/** `POST /api/auth/request-password-reset`: the same answer whether or not the address has an account. */
export const handler = httpHandler({
  route: 'POST /api/auth/request-password-reset',
  body: emailRequestSchema,
  handle: async ({ body, event }) => {
    await requestPasswordReset(body.email, requestOrigin(event));
    return { body: { message: ACCOUNT_MESSAGES.passwordResetSent } };
  },
});
