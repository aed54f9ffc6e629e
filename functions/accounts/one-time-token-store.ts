import { isConditionFailed } from '../data/errors';
import { deleteItems, type ItemKey } from '../data/batch';
import { db } from '../data/db';
import { queryOwned } from '../data/owned';
import { ttlFromDate } from '../data/table';
import { transactWrite, type TransactItem } from '../data/transact';
import { accountGuard } from '../users/user-store';
import { tokenKeptUntil, type TokenKind } from './one-time-token-policy';
import { TokenKeys, tokenKey } from './one-time-token-keys';

/**
 * One-time tokens in the table: `TOKEN#<kind>#<hash>` / `TOKEN`, keeping only the SHA-256 of the
 * link's value. A use is a conditional update (unused, unexpired: one-time-token-policy.ts's
 * `isUsable` as a condition), so of parallel uses one wins.
 */
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

/** Stores a new token; `ownerId` makes it part of that user's data, written only while the account lives. */
export async function putToken<Data>(
  kind: TokenKind,
  token: string,
  data: Data,
  expiresAt: Date,
  ownerId: string | undefined,
  now: Date,
): Promise<void> {
  const item: TokenItem<Data> = {
    ...tokenKey(kind, token),
    kind,
    data,
    createdAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
    isUsed: false,
    ttl: ttlFromDate(tokenKeptUntil(expiresAt)),
    ...(ownerId ? TokenKeys.owner({ userId: ownerId, createdAt: now.toISOString() }) : {}),
  };
  // A token owned by an account is written only while the account lives (deletion removes them all).
  if (ownerId) await transactWrite([accountGuard(ownerId), { Put: { Item: item } }]);
  else await db.put({ Item: item });
}

/** The stored token, as it is (used or not). */
export async function findToken<Data>(kind: TokenKind, token: string): Promise<TokenItem<Data> | undefined> {
  const result = await db.get({ Key: tokenKey(kind, token) });
  return result.Item as TokenItem<Data> | undefined;
}

/** The use of a token as an update: it must exist, be unused and be unexpired at `now`. */
const use = (kind: TokenKind, token: string, now: Date) => ({
  Key: tokenKey(kind, token),
  UpdateExpression: 'SET isUsed = :used, usedAt = :now',
  ConditionExpression: 'attribute_exists(pk) AND isUsed = :unused AND expiresAt > :now',
  ExpressionAttributeValues: { ':used': true, ':unused': false, ':now': now.toISOString() },
});

/** Uses the token (once); undefined when it is unknown, used or expired. */
export async function markUsed<Data>(kind: TokenKind, token: string, now: Date): Promise<Data | undefined> {
  try {
    const result = await db.update({ ...use(kind, token, now), ReturnValues: 'ALL_NEW' });
    return (result.Attributes as TokenItem<Data>).data;
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}

/** The same use, as an item of a larger transaction (the token and what it unlocks succeed together). */
export function useTokenInTransaction(kind: TokenKind, token: string, now = new Date()): TransactItem {
  return { Update: use(kind, token, now) };
}

/** Withdraws every outstanding token an account owns (after a password reset). */
export async function deleteOwnedTokens(userId: string): Promise<void> {
  await deleteItems(await queryOwned<ItemKey>(userId, TokenKeys, { projection: 'pk, sk' }));
}
