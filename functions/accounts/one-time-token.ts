import { randomBytes } from 'node:crypto';
import { isConditionFailed } from '../data/errors';
import { deleteItems, type ItemKey } from '../data/batch';
import { db } from '../data/db';
import { queryOwned } from '../data/owned';
import { ttlFromDate } from '../data/table';
import { transactWrite, type TransactItem } from '../data/transact';
import { accountGuard } from '../users/user-store';
import { TokenKeys, tokenKey, type TOKEN_KEY_KINDS } from './one-time-token-keys';

/**
 * One-time tokens sent by e-mail: pending registrations (24 h), password resets (1 h) and
 * administrator sign-ins (15 min). The link carries 256 random bits; the table keeps only their
 * SHA-256. A token is used at most once (conditional update on `isUsed`) and never after its expiry
 * (checked in the condition, not left to TTL).
 */
const TOKEN_KINDS = {
  registration: { minutes: 24 * 60 },
  passwordReset: { minutes: 60 },
  adminLogin: { minutes: 15 },
} as const satisfies Record<keyof typeof TOKEN_KEY_KINDS, { minutes: number }>;
type TokenKind = keyof typeof TOKEN_KINDS;

interface TokenItem<Data> {
  pk: string;
  sk: 'TOKEN';
  kind: TokenKind;
  data: Data;
  createdAt: string;
  expiresAt: string;
  isUsed: boolean;
  ttl: number;
  gsi2pk?: string;
  gsi2sk?: string;
}

/** Issues a token; `ownerId` makes it part of that user's data (removed with the account). */
export async function issueToken<Data>(
  kind: TokenKind,
  data: Data,
  ownerId?: string,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + TOKEN_KINDS[kind].minutes * 60_000);
  const item: TokenItem<Data> = {
    ...tokenKey(kind, token),
    kind,
    data,
    createdAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
    isUsed: false,
    // Kept a day past expiry so a late click can still be told "expired"; code never relies on TTL.
    ttl: ttlFromDate(new Date(expiresAt.getTime() + 86_400_000)),
    ...(ownerId ? TokenKeys.owner({ userId: ownerId, createdAt: now.toISOString() }) : {}),
  };
  // A token owned by an account is written only while the account lives (deletion removes them all).
  if (ownerId) await transactWrite([accountGuard(ownerId), { Put: { Item: item } }]);
  else await db.put({ Item: item });
  return token;
}

const looksLikeToken = (token: string) => /^[A-Za-z0-9_-]{20,100}$/.test(token);

/** The token's data when it is unused and unexpired, without using it (for showing the e-mail address). */
export async function peekToken<Data>(
  kind: TokenKind,
  token: string,
  now = new Date(),
): Promise<Data | undefined> {
  if (!looksLikeToken(token)) return undefined;
  const result = await db.get({ Key: tokenKey(kind, token) });
  const item = result.Item as TokenItem<Data> | undefined;
  if (!item || item.isUsed || new Date(item.expiresAt).getTime() <= now.getTime()) return undefined;
  return item.data;
}

const useCondition = 'attribute_exists(pk) AND isUsed = :unused AND expiresAt > :now';

/** Uses the token (once); undefined when it is unknown, used or expired. */
export async function useToken<Data>(
  kind: TokenKind,
  token: string,
  now = new Date(),
): Promise<Data | undefined> {
  if (!looksLikeToken(token)) return undefined;
  try {
    const result = await db.update({
      Key: tokenKey(kind, token),
      UpdateExpression: 'SET isUsed = :used, usedAt = :now',
      ConditionExpression: useCondition,
      ExpressionAttributeValues: { ':used': true, ':unused': false, ':now': now.toISOString() },
      ReturnValues: 'ALL_NEW',
    });
    return (result.Attributes as TokenItem<Data>).data;
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}

/** The same use, as an item of a larger transaction (the token and what it unlocks succeed together). */
export function useTokenInTransaction(kind: TokenKind, token: string, now = new Date()): TransactItem {
  return {
    Update: {
      Key: tokenKey(kind, token),
      UpdateExpression: 'SET isUsed = :used, usedAt = :now',
      ConditionExpression: useCondition,
      ExpressionAttributeValues: { ':used': true, ':unused': false, ':now': now.toISOString() },
    },
  };
}

/** Withdraws every outstanding token an account owns (after a password reset). */
export async function deleteOwnedTokens(userId: string): Promise<void> {
  await deleteItems(await queryOwned<ItemKey>(userId, TokenKeys, { projection: 'pk, sk' }));
}
