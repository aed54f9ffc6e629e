import { verifyEmailSchema } from '@shared/accounts';
import { completeEmailRegistration } from '../../accounts/auth';
import { httpHandler } from '../../lib/http-handler';
import { toCurrentUser } from '../../users/user';

/** `POST /api/auth/verify-email`: completes an e-mail registration and signs the new member in. */
export const handler = httpHandler({
  route: 'POST /api/auth/verify-email',
  body: verifyEmailSchema,
  handle: async ({ body }) => {
    const { user, cookies } = await completeEmailRegistration(body);
    return { status: 201, body: { user: toCurrentUser(user), message: '登録が完了しました' }, cookies };
  },
});
