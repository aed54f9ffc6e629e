import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { CurrentUser } from '@shared/users';
import { dynamo } from '../lib/aws-clients';
import { getConfig } from '../lib/config';

/** Account item: `pk = USER#<id>`, `sk = PROFILE` (the full account feature extends this module). */
export interface UserItem {
  pk: string;
  sk: 'PROFILE';
  id: string;
  username: string;
  nickname: string;
  email: string | null;
  role: 'user' | 'admin';
  isActive: boolean;
  isPro: boolean;
  /** ISO time until which the account is suspended; `PERMANENT` for a ban. */
  suspendedUntil?: string | null;
  createdAt: string;
}

export const userKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' as const });

export async function getUser(userId: string): Promise<UserItem | undefined> {
  const result = await dynamo().send(
    new GetCommand({ TableName: getConfig().tableName, Key: userKey(userId) }),
  );
  return result.Item as UserItem | undefined;
}

export type AccountStanding = 'ok' | 'stopped' | 'inactive';

/** Whether an account may act now: suspensions are checked against the clock, never left to TTL. */
export function accountStanding(
  user: Pick<UserItem, 'isActive' | 'suspendedUntil'>,
  now = new Date(),
): AccountStanding {
  if (user.suspendedUntil === 'PERMANENT') return 'stopped';
  if (user.suspendedUntil && new Date(user.suspendedUntil).getTime() > now.getTime()) return 'stopped';
  if (!user.isActive) return 'inactive';
  return 'ok';
}

export function toCurrentUser(user: UserItem): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    nickname: user.nickname,
    email: user.email,
    isAdmin: user.role === 'admin',
    isPro: user.isPro,
  };
}
