import { deleteGameContents } from '../classroom/class-store';
import { getConfig } from '../lib/config';
import { deleteItems, type ItemKey } from '../data/batch';
import { pause } from '../data/retry';
import { cancelSubscriptionsOfDeletedAccount } from '../membership/membership';
import { deleteMemberImageUploads, deleteQuizImages } from '../quizzes/quiz-image';
import { deleteQuizContents } from '../quizzes/quiz-store';
import { anonymiseReport } from '../quizzes/report-store';
import { endAllSessions } from '../sessions/session';
import type { UserItem } from '../users/user-store';
import { emailKey, usernameKey, usernameLikeKey } from '../users/user-keys';
import { deletionStep } from './account-deletion-policy';
import { deleteProfileAndClaims, markDeleting, ownedItems } from './account-deletion-store';

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
 * the next sign-in with the right password (auth.ts). What becomes of each item is
 * account-deletion-policy.ts's `deletionStep`; the reads and writes are account-deletion-store.ts's.
 */
const MAX_PASSES = 5;
/**
 * In AWS the byOwner index follows the table asynchronously (typically well under a second): the
 * first pass waits that long after the mark, so writes made just before it are visible to it.
 * DynamoDB Local updates its indexes synchronously.
 */
const INDEX_SETTLE_MS = 1000;

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
    for (const item of await ownedItems(user.id)) {
      const key = { pk: item.pk, sk: item.sk };
      const what = deletionStep(item);
      if (what.step === 'profile') continue;
      if (what.step === 'claim') {
        claims.set(item.pk, key);
        continue;
      }
      // A report outlives its reporter, anonymised: moderation still needs it (quizzes/report.ts).
      if (what.step === 'anonymise') {
        await anonymiseReport(key, user.id);
        continue;
      }
      // A quiz leaves every list and loses its partition, other players' plays included, before it
      // goes itself.
      if (what.step === 'quiz') {
        await deleteQuizContents(what.quizId);
        await deleteQuizImages(what.quizId);
      }
      // A class game's players, nicknames and results go before the game; its PIN is freed.
      if (what.step === 'classGame') await deleteGameContents(what.gameId);
      keys.set(`${item.pk}\u0000${item.sk}`, key);
    }
    if (keys.size === 0) break;
    await deleteItems([...keys.values()]);
  }
  await deleteMemberImageUploads(user.id);
  await deleteProfileAndClaims(user.id, [...claims.values()]);
}
