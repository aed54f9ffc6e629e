import { getConfig } from '../lib/config';
import { isConditionFailed } from '../data/errors';
import { deleteItems, type ItemKey } from '../data/batch';
import { db } from '../data/db';
import { queryAllOwned } from '../data/owned';
import { queryAll } from '../data/paginate';
import { pause } from '../data/retry';
import { transactWrite } from '../data/transact';
import { cancelSubscriptionsOfDeletedAccount } from '../membership/membership';
import { deleteQuizContents } from '../quizzes/quiz-store';
import { QuizKeys } from '../quizzes/quiz-keys';
import { anonymiseReport } from '../quizzes/report';
import { ReportKeys } from '../quizzes/report-keys';
import { endAllSessions } from '../sessions/session';
import type { UserItem } from '../users/user-store';
import { CLAIM_KEYS, emailKey, UserKeys, userKey, usernameKey, usernameLikeKey } from '../users/user-keys';

/**
 * Deleting an account removes everything it owns. Every item a user owns carries
 * `gsi2pk = USER#<id>` (the byOwner index), so one mechanism covers sessions, tokens, connections
 * and every feature's data (quizzes, attempts, favourites...). An owned item marked
 * `cascade = 'partition'` owns its whole partition too (a quiz and its questions).
 *
 * 1. The account is marked (`deletingAt`): from then on it is signed out everywhere and every write
 *    of its data fails its condition (users/user.ts `LIVE_ACCOUNT`, `accountGuard`), so requests
 *    still in flight cannot re-create anything behind the deletion.
 * 2. Its sessions end and its sockets close; every Stripe subscription is cancelled at once
 *    (nobody pays for an account that is gone). Payment logs are kept (bookkeeping).
 * 3. What it owns is deleted, in passes until a pass finds nothing: the byOwner index and, read
 *    strongly consistent, the account's own partition. Its reports stay, anonymised.
 * 4. The account and its claims (username, look-alike username, e-mail) go last, together.
 * If anything fails midway the account stays marked; the deletion is finished by a repeat or by
 * the next sign-in with the right password (auth.ts).
 */
const MAX_PASSES = 5;
/**
 * In AWS the byOwner index follows the table asynchronously (typically well under a second): the
 * first pass waits that long after the mark, so writes made just before it are visible to it.
 * DynamoDB Local updates its indexes synchronously.
 */
const INDEX_SETTLE_MS = 1000;

type OwnedItem = ItemKey & { cascade?: string; gsi2sk?: string };

const ownedItems = (userId: string) =>
  queryAllOwned<OwnedItem>(userId, {
    projection: 'pk, sk, #cascade, gsi2sk',
    names: { '#cascade': 'cascade' },
  });

const ownPartition = (userId: string) =>
  queryAll<OwnedItem>({
    partition: UserKeys.pk({ userId }),
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });

/** The claims' owner-index sort keys (`CLAIM#…`): claims go last, with the profile. */
const CLAIMS = new Set<string>(CLAIM_KEYS.map((claim) => claim.ownerPrefix()));

/** Marks the account as being deleted (once; a repeat keeps the first time). */
async function markDeleting(userId: string, now: Date) {
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

/** Deletes what the user owns, then the account with its claims. Safe to repeat and to run in parallel. */
export async function deleteAccount(user: UserItem, now = new Date()): Promise<void> {
  await markDeleting(user.id, now);
  await endAllSessions(user.id);
  await cancelSubscriptionsOfDeletedAccount(user);
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
      if (item.sk === UserKeys.sk()) continue;
      if (item.gsi2sk && CLAIMS.has(item.gsi2sk)) {
        claims.set(item.pk, { pk: item.pk, sk: item.sk });
        continue;
      }
      // A report outlives its reporter, anonymised: moderation still needs it (quizzes/report.ts).
      if (item.gsi2sk?.startsWith(ReportKeys.ownerPrefix())) {
        await anonymiseReport({ pk: item.pk, sk: item.sk }, user.id);
        continue;
      }
      // A quiz (the only item that owns its partition) leaves every list and loses its partition,
      // other players' plays included, before it goes itself.
      const quiz = item.cascade === 'partition' ? QuizKeys.parsePk(item.pk) : undefined;
      if (quiz) await deleteQuizContents(quiz.quizId);
      keys.set(`${item.pk}\u0000${item.sk}`, { pk: item.pk, sk: item.sk });
    }
    if (keys.size === 0) break;
    await deleteItems([...keys.values()]);
  }
  await transactWrite([
    { Delete: { Key: userKey(user.id) } },
    ...[...claims.values()].map((key) => ({ Delete: { Key: key } })),
  ]);
}
