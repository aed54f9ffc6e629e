import * as z from 'zod';

/** The signed-in user as `GET /api/auth/me` returns it. */
export const currentUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  nickname: z.string(),
  email: z.string().nullable(),
  isAdmin: z.boolean(),
  isPro: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** The name shown for a person: the nickname, else the username. */
export function displayName(user: Pick<CurrentUser, 'nickname' | 'username'>): string {
  return user.nickname.trim() !== '' ? user.nickname : user.username;
}

/** The author name of the sample quizzes; no member may take it or a name that looks like it. */
export const OFFICIAL_AUTHOR_NAME = 'みんなのクイズ編集部';
