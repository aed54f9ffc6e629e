import { createHash, randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/aws-clients';
import { getConfig } from '../lib/config';

/**
 * Sessions: an opaque random id (256 bits) in the `sid` cookie; the table stores only its
 * SHA-256, so a leaked table read cannot be replayed as a cookie.
 * Item: `pk = SESSION#<hash>`, `sk = SESSION`, `gsi2pk = USER#<userId>` (to end all of a user's sessions).
 */
export interface SessionItem {
  pk: string;
  sk: 'SESSION';
  userId: string;
  /** CSRF token bound to this session, sent back in `X-CSRF-Token`. */
  csrfToken: string;
  createdAt: string;
  expiresAt: string;
  ttl: number;
  gsi2pk: string;
  gsi2sk: string;
}

export const hashSessionId = (sessionId: string) =>
  createHash('sha256').update(sessionId).digest('base64url');
export const sessionKey = (sessionId: string) => ({
  pk: `SESSION#${hashSessionId(sessionId)}`,
  sk: 'SESSION' as const,
});

/** A new random token (session id, CSRF token), URL-safe. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** The live session for a cookie value, or undefined (unknown or expired: expiry is checked here, not left to TTL). */
export async function findSession(sessionId: string, now = new Date()): Promise<SessionItem | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(sessionId)) return undefined;
  const result = await dynamo().send(
    new GetCommand({ TableName: getConfig().tableName, Key: sessionKey(sessionId) }),
  );
  const session = result.Item as SessionItem | undefined;
  if (!session || new Date(session.expiresAt).getTime() <= now.getTime()) return undefined;
  return session;
}
