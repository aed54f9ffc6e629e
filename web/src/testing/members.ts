import type { CurrentUser } from '@shared/users';

/** A signed-in free member, as `GET /api/auth/me` answers for the pages' tests. */
export const hanako: CurrentUser = {
  id: 'u1',
  username: 'hanako',
  nickname: 'はなこ',
  email: null,
  isAdmin: false,
  isPro: false,
};
