import { randomUUID } from 'node:crypto';
import { COOKIE_NAMES } from '@shared/api';
import { db } from '@functions/data/db';
import { ttlFromDate } from '@functions/data/table';
import { randomToken } from '@functions/sessions/session';
import { SessionKeys, sessionKey } from '@functions/sessions/session-keys';
import { newAnalyticsId, type UserItem } from '@functions/users/user-store';
import { userKey } from '@functions/users/user-keys';
import type { TestClient } from './http-client';

/**
 * Puts an account and a live session straight into the table and hands the session to a test
 * client, so access-level rules can be tested before (and independently of) the sign-in flow.
 */
export async function signInAs(
  client: TestClient,
  overrides: Partial<Pick<UserItem, 'role' | 'isActive' | 'suspendedUntil' | 'nickname'>> & {
    /** An advanced member: by an operator's grant (membership/status.ts), which never ends. */
    isPro?: boolean;
  } = {},
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
    ...(overrides.isPro ? { proGranted: true } : {}),
    suspendedUntil: overrides.suspendedUntil ?? null,
    createdAt: now.toISOString(),
    analyticsId: newAnalyticsId(),
  };
  const sessionId = randomToken();
  const csrfToken = randomToken();
  const expiresAt = new Date(now.getTime() + (session.expiresInSeconds ?? 3600) * 1000);
  await db.put({ Item: user });
  await db.put({
    Item: {
      ...sessionKey(sessionId),
      userId: id,
      csrfToken,
      createdAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
      ttl: ttlFromDate(expiresAt),
      ...SessionKeys.owner({ userId: id, createdAt: now.toISOString() }),
    },
  });
  client.cookies.set(COOKIE_NAMES.session, sessionId);
  client.cookies.set(COOKIE_NAMES.csrf, csrfToken);
  return { user, sessionId, csrfToken };
}
