import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { COOKIE_NAMES } from '@shared/api';
import { dynamo } from '@functions/lib/aws-clients';
import { getConfig } from '@functions/lib/config';
import { ttlFromDate } from '@functions/data/table';
import { randomToken, sessionKey } from '@functions/sessions/session';
import { userKey, type UserItem } from '@functions/users/user';
import type { TestClient } from './http-client';

/**
 * Puts an account and a live session straight into the table and hands the session to a test
 * client, so access-level rules can be tested before (and independently of) the sign-in flow.
 */
export async function signInAs(
  client: TestClient,
  overrides: Partial<Pick<UserItem, 'role' | 'isPro' | 'isActive' | 'suspendedUntil' | 'nickname'>> = {},
  session: { expiresInSeconds?: number } = {},
) {
  const id = randomUUID();
  const now = new Date();
  const user: UserItem = {
    ...userKey(id),
    id,
    username: `user_${id.slice(0, 8)}`,
    nickname: overrides.nickname ?? 'テストユーザー',
    email: `${id.slice(0, 8)}@example.com`,
    role: overrides.role ?? 'user',
    isActive: overrides.isActive ?? true,
    isPro: overrides.isPro ?? false,
    suspendedUntil: overrides.suspendedUntil ?? null,
    createdAt: now.toISOString(),
  };
  const sessionId = randomToken();
  const csrfToken = randomToken();
  const expiresAt = new Date(now.getTime() + (session.expiresInSeconds ?? 3600) * 1000);
  const table = getConfig().tableName;
  await dynamo().send(new PutCommand({ TableName: table, Item: user }));
  await dynamo().send(
    new PutCommand({
      TableName: table,
      Item: {
        ...sessionKey(sessionId),
        userId: id,
        csrfToken,
        createdAt: now.toISOString(),
        expiresAt: expiresAt.toISOString(),
        ttl: ttlFromDate(expiresAt),
        gsi2pk: `USER#${id}`,
        gsi2sk: `SESSION#${now.toISOString()}`,
      },
    }),
  );
  client.cookies.set(COOKIE_NAMES.session, sessionId);
  client.cookies.set(COOKIE_NAMES.csrf, csrfToken);
  return { user, sessionId, csrfToken };
}
