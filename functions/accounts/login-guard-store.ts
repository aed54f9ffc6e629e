import { LIMITS } from '@shared/constants';
import { ignoreConditionFailed, isConditionFailed } from '../data/errors';
import { db } from '../data/db';
import { ttlFromDate } from '../data/table';
import { isLockReached, loginLockEnds } from './account-policy';
import { guardKey } from './login-guard-keys';

/**
 * Password guessing protection per username (existing or not, so a lock reveals nothing about
 * which usernames exist). An attempt is counted *before* the password is checked, with a
 * conditional update that refuses once 10 attempts in a row have failed or while the lock holds:
 * a burst of parallel requests cannot get more than 10 guesses in. A correct password clears the
 * count; the 10th failure locks the username for `LOGIN_LOCK_MINUTES` (account-policy.ts).
 * Item: `pk = LOGINGUARD#<NFKC lower-case username>`, `sk = LOGINGUARD`. A browser that signed in
 * to the account before is not held by this lock (trusted-device.ts).
 */
/** Counts an attempt; false when the username is locked (or 10 failures are already in flight). */
export async function beginAttempt(username: string, now = new Date()): Promise<boolean> {
  try {
    await db.update({
      Key: guardKey(username),
      UpdateExpression: 'SET failures = if_not_exists(failures, :zero) + :one, #ttl = :ttl',
      ConditionExpression:
        '(attribute_not_exists(failures) OR failures < :max) AND (attribute_not_exists(lockedUntil) OR lockedUntil < :now)',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':zero': 0,
        ':one': 1,
        ':max': LIMITS.loginFailuresBeforeLock,
        ':now': now.toISOString(),
        ':ttl': ttlFromDate(new Date(now.getTime() + 2 * 86_400_000)),
      },
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** After a wrong password: when this was the 10th in a row, lock the username and start counting afresh. */
export async function attemptFailed(username: string, now = new Date()): Promise<boolean> {
  const current = await db.get({ Key: guardKey(username), ConsistentRead: true });
  if (!isLockReached(Number(current.Item?.failures ?? 0))) return false;
  const lockedUntil = loginLockEnds(now);
  await db
    .update({
      Key: guardKey(username),
      UpdateExpression: 'SET lockedUntil = :until, failures = :zero, #ttl = :ttl',
      ConditionExpression: 'failures >= :max',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':until': lockedUntil.toISOString(),
        ':zero': 0,
        ':max': LIMITS.loginFailuresBeforeLock,
        ':ttl': ttlFromDate(new Date(lockedUntil.getTime() + 86_400_000)),
      },
    })
    .catch(ignoreConditionFailed);
  return true;
}

/** After a correct password (or a password reset): the count starts again at zero and any lock ends. */
export async function attemptSucceeded(username: string): Promise<void> {
  await db.update({
    Key: guardKey(username),
    UpdateExpression: 'SET failures = :zero REMOVE lockedUntil',
    ExpressionAttributeValues: { ':zero': 0 },
  });
}
