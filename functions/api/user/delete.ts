import { ACCOUNT_MESSAGES, deleteAccountSchema } from '@shared/accounts';
import { deleteAccount } from '../../accounts/account-deletion';
import { confirmPassword } from '../../accounts/auth';
import { httpHandler } from '../../lib/http-handler';
import { signedOutCookies } from '../../sessions/session';

/** `DELETE /api/user/delete`: after the password is confirmed, the account and all it owns are removed. */
export const handler = httpHandler({
  route: 'DELETE /api/user/delete',
  body: deleteAccountSchema,
  handle: async ({ body, user, cookies }) => {
    await confirmPassword(user, body.password, cookies);
    await deleteAccount(user);
    return { body: { message: ACCOUNT_MESSAGES.accountDeleted }, cookies: signedOutCookies() };
  },
});
