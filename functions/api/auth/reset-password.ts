import { ACCOUNT_MESSAGES, resetPasswordSchema } from '@shared/accounts';
import { resetPassword } from '../../accounts/auth';
import { httpHandler } from '../../lib/http-handler';

/** `POST /api/auth/reset-password`: sets the new password from a one-time link; all sessions end. */
export const handler = httpHandler({
  route: 'POST /api/auth/reset-password',
  body: resetPasswordSchema,
  handle: async ({ body }) => {
    await resetPassword(body);
    return { body: { message: ACCOUNT_MESSAGES.passwordResetDone } };
  },
});
