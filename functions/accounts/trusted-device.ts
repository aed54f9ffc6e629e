import { COOKIE_NAMES } from '@shared/api';
import { getConfig } from '../lib/config';
import { serializeCookie } from '../lib/cookies';
import { randomToken } from '../sessions/session';
import { DEVICE_DAYS, isDeviceToken, isTrustedFor } from './account-policy';
import { guardName } from './login-guard-keys';
import { findDevice, putDevice, type DeviceItem } from './trusted-device-store';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"). The sign-in
 * lock after 10 failures is per username, so anyone could otherwise lock anyone out, the
 * administrator included, for good. A browser that has signed in to an account holds a device
 * cookie for it (`did`: 256 random bits; the table keeps their SHA-256, so the cookie cannot be
 * forged or replayed from a table read). With it, that browser signs in to that account whatever
 * the username's lock says. Each device cookie has its own lock: 10 failures in a row from it and
 * it is trusted no more (OWASP: it is then a stranger, under the username's lock), so a stolen
 * cookie is worth 10 guesses once, not a guessing licence.
 * The entries and their counts are kept by trusted-device-store.ts.
 */

/** The device cookie's entry when it is trusted for `username` now; undefined otherwise. */
export async function trustedDevice(
  cookies: Map<string, string>,
  username: string,
  now = new Date(),
): Promise<DeviceItem | undefined> {
  const token = cookies.get(COOKIE_NAMES.device);
  if (!isDeviceToken(token)) return undefined;
  const device = await findDevice(token);
  return device && isTrustedFor(device, guardName(username), now) ? device : undefined;
}

/**
 * Remembers this browser for the account after the right password: the `Set-Cookie` value. A
 * browser already trusted for the account keeps its cookie.
 */
export async function rememberDevice(userId: string, username: string, now = new Date()): Promise<string> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + DEVICE_DAYS * 86_400_000);
  await putDevice(
    token,
    { userId, username: guardName(username), failures: 0, expiresAt: expiresAt.toISOString() },
    now,
  );
  return serializeCookie(COOKIE_NAMES.device, token, {
    httpOnly: true,
    secure: getConfig().secureCookies,
    sameSite: 'Strict',
    path: '/api',
    maxAge: DEVICE_DAYS * 86_400,
  });
}
