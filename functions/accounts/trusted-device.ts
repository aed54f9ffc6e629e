import { COOKIE_NAMES } from '@shared/api';
import { LIMITS } from '@shared/constants';
import { ignoreConditionFailed, isConditionFailed } from '../data/errors';
import { db } from '../data/db';
import { ttlFromDate } from '../data/table';
import { transactWrite } from '../data/transact';
import { getConfig } from '../lib/config';
import { serializeCookie } from '../lib/cookies';
import { randomToken } from '../sessions/session';
import { accountGuard } from '../users/user-store';
import { DEVICE_DAYS, isDeviceToken, isTrustedFor } from './account-policy';
import { guardName } from './login-guard-keys';
import { DeviceKeys, deviceKey } from './trusted-device-keys';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"). The sign-in
 * lock after 10 failures is per username, so anyone could otherwise lock anyone out, the
 * administrator included, for good. A browser that has signed in to an account holds a device
 * cookie for it (`did`: 256 random bits; the table keeps their SHA-256, so the cookie cannot be
 * forged or replayed from a table read). With it, that browser signs in to that account whatever
 * the username's lock says. Each device cookie has its own lock: 10 failures in a row from it and
 * it is trusted no more (OWASP: it is then a stranger, under the username's lock), so a stolen
 * cookie is worth 10 guesses once, not a guessing licence.
 * Item: `pk = DEVICE#<hash>`, `sk = DEVICE`, owned by the account (deleted with it).
 */
interface DeviceItem {
  pk: string;
  sk: 'DEVICE';
  userId: string;
  /** The sign-in name it is trusted for, normalised as the lock normalises it. */
  username: string;
  failures: number;
  expiresAt: string;
}

/** The device cookie's entry when it is trusted for `username` now; undefined otherwise. */
export async function trustedDevice(
  cookies: Map<string, string>,
  username: string,
  now = new Date(),
): Promise<DeviceItem | undefined> {
  const token = cookies.get(COOKIE_NAMES.device);
  if (!isDeviceToken(token)) return undefined;
  const { Item } = await db.get({ Key: deviceKey(token), ConsistentRead: true });
  const device = Item as DeviceItem | undefined;
  return device && isTrustedFor(device, guardName(username), now) ? device : undefined;
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
 * Remembers this browser for the account after the right password: the `Set-Cookie` value. A
 * browser already trusted for the account keeps its cookie.
 */
export async function rememberDevice(userId: string, username: string, now = new Date()): Promise<string> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + DEVICE_DAYS * 86_400_000);
  const item: DeviceItem & Record<string, unknown> = {
    ...deviceKey(token),
    userId,
    username: guardName(username),
    failures: 0,
    createdAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
    ttl: ttlFromDate(expiresAt),
    ...DeviceKeys.owner({ userId, createdAt: now.toISOString() }),
  };
  await transactWrite([accountGuard(userId), { Put: { Item: item } }]);
  return serializeCookie(COOKIE_NAMES.device, token, {
    httpOnly: true,
    secure: getConfig().secureCookies,
    sameSite: 'Strict',
    path: '/api',
    maxAge: DEVICE_DAYS * 86_400,
  });
}
