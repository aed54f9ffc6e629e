import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/aws-clients';
import { getConfig } from '../lib/config';
import { deleteItems, type ItemKey } from '../data/batch';
import { queryAll } from '../data/paginate';
import { pause } from '../data/retry';
import { transactWrite } from '../data/transact';
import { deleteQuizContents } from '../quizzes/quiz';
import { endAllSessions } from '../sessions/session';
import { emailKey, userKey, usernameKey, usernameLikeKey, type UserItem } from '../users/user';

/**
 * Deleting an account removes everything it owns. Every item a user owns carries
 * `gsi2pk = USER#<id>` (the byOwner index), so one mechanism covers sessions, tokens, connections
 * and every feature's data (quizzes, attempts, favourites...). An owned item marked
 * `cascade = 'partition'` owns its whole partition too (a quiz and its questions).
 *
 * 1. The account is marked (`deletingAt`): from then on it is signed out everywhere and every write
 *    of its data fails its condition (users/user.ts `LIVE_ACCOUNT`, `accountGuard`), so requests
 *    still in flight cannot re-create anything behind the deletion.
 * 2. Its sessions end and its sockets close.
 * 3. What it owns is deleted, in passes until a pass finds nothing: the byOwner index and, read
 *    strongly consistent, the account's own partition.
 * 4. The account and its claims (username, look-alike username, e-mail) go last, together.
 * If anything fails midway the account stays marked; the deletion is finished by a repeat or by
 * the next sign-in with the right password (auth.ts).
 */
const table = () => getConfig().tableName;
const MAX_PASSES = 5;
/**
 * In AWS the byOwner index follows the table asynchronously (typically well under a second): the
 * first pass waits that long after the mark, so writes made just before it are visible to it.
 * DynamoDB Local updates its indexes synchronously.
 */
const INDEX_SETTLE_MS = 1000;

type OwnedItem = ItemKey & { cascade?: string; gsi2sk?: string };

const ownedItems = (userId: string) =>
  queryAll<OwnedItem>({
    TableName: table(),
    IndexName: 'byOwner',
    KeyConditionExpression: 'gsi2pk = :owner',
    ExpressionAttributeValues: { ':owner': `USER#${userId}` },
    ProjectionExpression: 'pk, sk, #cascade, gsi2sk',
    ExpressionAttributeNames: { '#cascade': 'cascade' },
  });

const ownPartition = (userId: string) =>
  queryAll<OwnedItem>({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': `USER#${userId}` },
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });

/** Marks the account as being deleted (once; a repeat keeps the first time). */
async function markDeleting(userId: string, now: Date) {
  await dynamo()
    .send(
      new UpdateCommand({
        TableName: table(),
        Key: userKey(userId),
        UpdateExpression: 'SET deletingAt = if_not_exists(deletingAt, :now)',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':now': now.toISOString() },
      }),
    )
    .catch((error: unknown) => {
      // Already gone: a parallel copy of this deletion finished first; the passes find nothing.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    });
}

/** Deletes what the user owns, then the account with its claims. Safe to repeat and to run in parallel. */
export async function deleteAccount(user: UserItem, now = new Date()): Promise<void> {
  await markDeleting(user.id, now);
  await endAllSessions(user.id);
  if (!getConfig().isLocal) await pause(INDEX_SETTLE_MS);
  const claims = new Map<string, ItemKey>(
    [
      usernameKey(user.username),
      usernameLikeKey(user.username),
      ...(user.email ? [emailKey(user.email)] : []),
    ].map((key) => [key.pk, key]),
  );
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const keys = new Map<string, ItemKey>();
    for (const item of [...(await ownedItems(user.id)), ...(await ownPartition(user.id))]) {
      if (item.sk === 'PROFILE') continue;
      if (item.gsi2sk?.startsWith('CLAIM#')) {
        claims.set(item.pk, { pk: item.pk, sk: item.sk });
        continue;
      }
      // A quiz (the only item that owns its partition) leaves every list and loses its partition,
      // other players' plays included, before it goes itself.
      if (item.cascade === 'partition') await deleteQuizContents(item.pk.replace(/^QUIZ#/, ''));
      keys.set(`${item.pk}\u0000${item.sk}`, { pk: item.pk, sk: item.sk });
    }
    if (keys.size === 0) break;
    await deleteItems([...keys.values()]);
  }
  await transactWrite([
    { Delete: { TableName: table(), Key: userKey(user.id) } },
    ...[...claims.values()].map((key) => ({ Delete: { TableName: table(), Key: key } })),
  ]);
}
