import { LIMITS } from '@shared/constants';
import { ignoreConditionFailed, isConditionFailed } from '../data/errors';
import { db } from '../data/db';
import { ttlFromDate } from '../data/table';
import { transactWrite } from '../data/transact';
import { accountGuard } from '../users/user-store';
import { DeviceKeys, deviceKey } from './trusted-device-keys';

/**
 * The browsers trusted for an account (trusted-device.ts says why), one item per device cookie:
 * `pk = DEVICE#<hash>`, `sk = DEVICE`, owned by the account (deleted with it). Its `failures`
 * are its own lock, counted with conditional writes so a parallel burst gets no more guesses.
 */
export interface DeviceItem {
  pk: string;
  sk: 'DEVICE';
  userId: string;
  /** The sign-in name it is trusted for, normalised as the lock normalises it. */
  username: string;
  failures: number;
  expiresAt: string;
}

/** The entry of a device cookie's value, read strongly consistent (its count may have just moved). */
export async function findDevice(token: string): Promise<DeviceItem | undefined> {
  const { Item } = await db.get({ Key: deviceKey(token), ConsistentRead: true });
  return Item as DeviceItem | undefined;
}

/**
 * Counts an attempt from a trusted device before the password is checked (as the username lock
 * does, so a parallel burst gets no more than 10 guesses in). Answers which attempt in a row this
 * is (the 10th that fails locks the device out), or null once the device has used them up.
 */
export async function beginDeviceAttempt(device: DeviceItem): Promise<number | null> {
  try {
    const result = await db.update({
      Key: { pk: device.pk, sk: device.sk },
      UpdateExpression: 'ADD failures :one',
      ConditionExpression: 'attribute_exists(pk) AND failures < :max',
      ExpressionAttributeValues: { ':one': 1, ':max': LIMITS.loginFailuresBeforeLock },
      ReturnValues: 'UPDATED_NEW',
    });
    return Number(result.Attributes?.failures);
  } catch (error) {
    if (isConditionFailed(error)) return null;
    throw error;
  }
}

/** After the right password from a trusted device: its count starts again. */
export async function deviceAttemptSucceeded(device: DeviceItem): Promise<void> {
  await db
    .update({
      Key: { pk: device.pk, sk: device.sk },
      UpdateExpression: 'SET failures = :zero',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':zero': 0 },
    })
    .catch(ignoreConditionFailed);
}

/**
 * Writes a device cookie's entry, while its account lives (deletion removes them all). `expiresAt`
 * also sets when DynamoDB may remove it; code checks the time itself.
 */
export async function putDevice(
  token: string,
  device: Omit<DeviceItem, 'pk' | 'sk'>,
  now: Date,
): Promise<void> {
  const item: DeviceItem & Record<string, unknown> = {
    ...deviceKey(token),
    ...device,
    createdAt: now.toISOString(),
    ttl: ttlFromDate(new Date(device.expiresAt)),
    ...DeviceKeys.owner({ userId: device.userId, createdAt: now.toISOString() }),
  };
  await transactWrite([accountGuard(device.userId), { Put: { Item: item } }]);
}
