import { accountsApi } from '@shared/contract/accounts';
import { httpHandler } from '../http';
import { toCurrentUser } from '../../users/user-policy';
import { updateNickname } from '../../users/user';

/** `PATCH /api/user/nickname`: 1–20 characters after trimming. */
export const handler = httpHandler(accountsApi.changeNickname, async ({ body, user }) => ({
  body: { user: toCurrentUser(await updateNickname(user.id, body.nickname)) },
}));
