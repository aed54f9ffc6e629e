import { ACCOUNT_MESSAGES } from '@shared/account-messages';
import { deleteAccount } from '../../accounts/account-deletion';
import { confirmPassword } from '../../accounts/auth';
import { accountsApi } from '@shared/contract/accounts';
import { httpHandler } from '../http';
import { signedOutCookies } from '../../sessions/session';

/** `DELETE /api/user/delete`: after the password is confirmed, the account and all it owns are removed. */
export const handler = httpHandler(accountsApi.deleteAccount, async ({ body, user, cookies }) => {
  await confirmPassword(user, body.password, cookies);
  await deleteAccount(user);
  return { body: { message: ACCOUNT_MESSAGES.accountDeleted }, cookies: signedOutCookies() };
});
