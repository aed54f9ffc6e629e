import { ACCOUNT_MESSAGES } from '@shared/account-messages';
import { requestPasswordReset } from '../../accounts/auth';
import { accountsApi } from '@shared/contract/accounts';
import { httpHandler } from '../http';
import { requestOrigin } from '../request-origin';

/** `POST /api/auth/request-password-reset`: the same answer whether or not the address has an account. */
export const handler = httpHandler(accountsApi.requestPasswordReset, async ({ body, event, log }) => {
  await requestPasswordReset(body.email, requestOrigin(event), log);
  return { body: { message: ACCOUNT_MESSAGES.passwordResetSent } };
});
