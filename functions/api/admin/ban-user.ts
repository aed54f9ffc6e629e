import { ADMIN_MESSAGES, banSchema } from '@shared/admin';
import { banUser } from '../../admin/penalty';
import { httpHandler } from '../../lib/http-handler';

/** `POST /api/admin/ban-user` `{ userId, type: ban | suspension, minutes }`. */
export const handler = httpHandler({
  route: 'POST /api/admin/ban-user',
  body: banSchema,
  handle: async ({ body, user }) => {
    const penalty = await banUser(user, body);
    return { status: 201, body: { penalty, message: ADMIN_MESSAGES.banned } };
  },
});
