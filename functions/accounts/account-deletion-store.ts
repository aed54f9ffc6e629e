import { isConditionFailed } from '../data/errors';
import type { ItemKey } from '../data/batch';
import { db } from '../data/db';
import { queryAllOwned } from '../data/owned';
import { queryAll } from '../data/paginate';
import { transactWrite } from '../data/transact';
import { UserKeys, userKey } from '../users/user-keys';
import type { OwnedKeys } from './account-deletion-policy';

/**
 * The reads and writes of an account's deletion (account-deletion.ts): the mark, what the account
 * owns (the byOwner index and its own partition), and the last write of the account with its
 * claims.
 */

/** Marks the account as being deleted (once; a repeat keeps the first time). */
export async function markDeleting(userId: string, now: Date) {
  await db
    .update({
      Key: userKey(userId),
      UpdateExpression: 'SET deletingAt = if_not_exists(deletingAt, :now)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':now': now.toISOString() },
    })
    .catch((error: unknown) => {
      // Already gone: a parallel copy of this deletion finished first; the passes find nothing.
      if (!isConditionFailed(error)) throw error;
    });
}

/** Every item the account owns: the byOwner index, then its own partition read strongly consistent. */
export async function ownedItems(userId: string): Promise<OwnedKeys[]> {
  return [
    ...(await queryAllOwned<OwnedKeys>(userId, {
      projection: 'pk, sk, #cascade, gsi2sk',
      names: { '#cascade': 'cascade' },
    })),
    ...(await queryAll<OwnedKeys>({
      partition: UserKeys.pk({ userId }),
      ProjectionExpression: 'pk, sk',
      ConsistentRead: true,
    })),
  ];
}

/** The account and its claims, together and last. */
export async function deleteProfileAndClaims(userId: string, claims: readonly ItemKey[]): Promise<void> {
  await transactWrite([
    { Delete: { Key: userKey(userId) } },
    ...claims.map((key) => ({ Delete: { Key: key } })),
  ]);
}
