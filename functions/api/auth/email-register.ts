import { ACCOUNT_MESSAGES, emailRequestSchema } from '@shared/accounts';
import { startEmailRegistration } from '../../accounts/auth';
import { httpHandler } from '../../lib/http-handler';
import { requestOrigin } from './request-origin';

/** `POST /api/auth/email-register`: mails a 24-hour registration link (same answer for known addresses). */
export const handler = httpHandler({
  route: 'POST /api/auth/email-register',
  body: emailRequestSchema,
  handle: async ({ body, event }) => {
    await startEmailRegistration(body.email, requestOrigin(event));
    return { body: { message: ACCOUNT_MESSAGES.emailRegistrationSent } };
  },
});
