import { ADMIN_MESSAGES } from '@shared/admin';
import { unbanUser } from '../../admin/penalty';
import { adminApi } from '@shared/contract/admin';
import { httpHandler } from '../http';

/** `POST /api/admin/unban-user` `{ userId }`. */
export const handler = httpHandler(adminApi.unban, async ({ body, user }) => {
  await unbanUser(user, body.userId);
  return { body: { message: ADMIN_MESSAGES.unbanned } };
});
