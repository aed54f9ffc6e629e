import { ACCOUNT_MESSAGES } from '@shared/account-messages';
import { resetPassword } from '../../accounts/auth';
import { accountsApi } from '@shared/contract/accounts';
import { httpHandler } from '../http';

/** `POST /api/auth/reset-password`: sets the new password from a one-time link; all sessions end. */
export const handler = httpHandler(accountsApi.resetPassword, async ({ body }) => {
  await resetPassword(body);
  return { body: { message: ACCOUNT_MESSAGES.passwordResetDone } };
});
