import { ADMIN_MESSAGES, unbanSchema } from '@shared/admin';
import { unbanUser } from '../../admin/penalty';
import { httpHandler } from '../../lib/http-handler';

/** `POST /api/admin/unban-user` `{ userId }`. */
export const handler = httpHandler({
  route: 'POST /api/admin/unban-user',
  body: unbanSchema,
  handle: async ({ body, user }) => {
    await unbanUser(user, body.userId);
    return { body: { message: ADMIN_MESSAGES.unbanned } };
  },
});
