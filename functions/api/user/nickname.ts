import { nicknameSchema } from '@shared/accounts';
import { httpHandler } from '../../lib/http-handler';
import { toCurrentUser, updateNickname } from '../../users/user';

/** `PATCH /api/user/nickname`: 1–20 characters after trimming. */
export const handler = httpHandler({
  route: 'PATCH /api/user/nickname',
  body: nicknameSchema,
  handle: async ({ body, user }) => ({
    body: { user: toCurrentUser(await updateNickname(user.id, body.nickname)) },
  }),
});
