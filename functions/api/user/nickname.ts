import { accountsApi } from '@shared/contract/accounts';
import { httpHandler } from '../http';
import { toCurrentUser } from '../../users/user-policy';
import { updateNickname } from '../../users/user';
import { renameAuthor } from '../../quizzes/quiz';

/** `PATCH /api/user/nickname`: 1–20 characters after trimming; the member's quizzes show the new name. */
export const handler = httpHandler(accountsApi.changeNickname, async ({ body, user, log }) => {
  const renamed = await updateNickname(user.id, body.nickname);
  await renameAuthor(user.id, log);
  return { body: { user: toCurrentUser(renamed) } };
});
