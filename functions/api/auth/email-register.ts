import { ACCOUNT_MESSAGES } from '@shared/account-messages';
import { startEmailRegistration } from '../../accounts/auth';
import { accountsApi } from '@shared/contract/accounts';
import { httpHandler } from '../http';
import { requestOrigin } from '../request-origin';

/** `POST /api/auth/email-register`: mails a 24-hour registration link (same answer for known addresses). */
export const handler = httpHandler(accountsApi.emailRegister, async ({ body, event }) => {
  await startEmailRegistration(body.email, requestOrigin(event));
  return { body: { message: ACCOUNT_MESSAGES.emailRegistrationSent } };
});
