import { ACCOUNT_MESSAGES } from '@shared/account-messages';
import type { LoginInput, RegisterInput, ResetPasswordInput, VerifyEmailInput } from '@shared/accounts';
import { transactWrite } from '../data/transact';
import {
  AppError,
  BadRequestError,
  ForbiddenError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../lib/errors';
import type { Logger } from '../lib/logger';
import { emitMetric, METRIC } from '../lib/metrics';
import { withinIpRateLimit, withinRateLimit } from '../lib/rate-limit';
import { sendMail } from '../mail/mailer';
import {
  adminLoginMail,
  alreadyRegisteredMail,
  passwordResetMail,
  registrationMail,
} from '../mail/templates';
import { endAllSessions, startSession } from '../sessions/session';
import { checkPassword, dummyPasswordHash, stagePasswordCost, verifyPassword } from '../users/passwords';
import { assertNameAllowed } from '../users/user-policy';
import { createUser, setPasswordItem } from '../users/user';
import {
  findUserByEmail,
  findUserByUsername,
  getUser,
  upgradePasswordHash,
  type UserItem,
} from '../users/user-store';
import { deleteAccount } from './account-deletion';
import { assertInGoodStanding, isLockReached, loginLocked } from './account-policy';
import { attemptFailed, attemptSucceeded, beginAttempt } from './login-guard-store';
import { issueToken, peekToken, useToken } from './one-time-token';
import { deleteOwnedTokens, useTokenInTransaction } from './one-time-token-store';
import { rememberDevice, trustedDevice } from './trusted-device';
import { beginDeviceAttempt, deviceAttemptSucceeded } from './trusted-device-store';

export interface RequestOrigin {
  ipAddress: string;
  userAgent: string;
}

type LoginResult =
  | { kind: 'signedIn'; user: UserItem; cookies: string[] }
  | { kind: 'adminVerificationSent'; cookies: string[] };

/**
 * One password check, guarded against guessing: by the username's lock (10 failures in a row), or,
 * from a browser that signed in to this account before, by that device cookie's own lock, so
 * nobody can lock a member out of the browser they use. Throws the lock message when locked.
 */
async function guardedPasswordCheck(
  username: string,
  cookies: Map<string, string>,
  check: () => Promise<boolean>,
  now: Date,
): Promise<{ ok: boolean; trusted: boolean }> {
  const device = await trustedDevice(cookies, username, now);
  const deviceAttempt = device ? await beginDeviceAttempt(device) : null;
  if (device && deviceAttempt === null) throw loginLocked();
  if (!device && !(await beginAttempt(username, now))) throw loginLocked();
  const ok = await check();
  if (ok && device) await deviceAttemptSucceeded(device);
  else if (ok) await attemptSucceeded(username);
  else if (device && isLockReached(deviceAttempt ?? 0)) throw loginLocked();
  else if (!device && (await attemptFailed(username, now))) throw loginLocked();
  return { ok, trusted: Boolean(device) };
}

/**
 * Checks a username and password. Locked usernames are refused before the password is checked
 * (except from a browser trusted for the account); unknown usernames cost the same time as wrong
 * passwords; administrators get a confirmation e-mail instead of a session. The browser is
 * remembered for the account once the password was right, and a hash made with older parameters
 * is replaced by one at today's cost.
 */
export async function logIn(
  input: LoginInput,
  origin: RequestOrigin,
  cookies: Map<string, string>,
  now = new Date(),
): Promise<LoginResult> {
  if (!(await withinIpRateLimit('login', origin.ipAddress, 100, 600, now))) throw new TooManyRequestsError();
  const user = await findUserByUsername(input.username);
  let rehashed: string | undefined;
  const { ok, trusted } = await guardedPasswordCheck(
    input.username,
    cookies,
    async () => {
      if (!user?.passwordHash) {
        await verifyPassword(input.password, await dummyPasswordHash(stagePasswordCost()));
        return false;
      }
      const check = await checkPassword(input.password, user.passwordHash, stagePasswordCost());
      rehashed = check.rehashed;
      return check.ok;
    },
    now,
  );
  if (!user || !ok) throw new UnauthorizedError(ACCOUNT_MESSAGES.loginFailed);
  if (user.deletingAt) {
    // A deletion that was cut short is finished here: the account is gone, as its owner asked.
    await deleteAccount(user);
    throw new UnauthorizedError(ACCOUNT_MESSAGES.loginFailed);
  }
  assertInGoodStanding(user, now);
  if (rehashed && user.passwordHash) await upgradePasswordHash(user.id, user.passwordHash, rehashed);
  const deviceCookies = trusted ? [] : [await rememberDevice(user.id, input.username, now)];

  if (user.role === 'admin') {
    if (!user.email) throw new ForbiddenError(ACCOUNT_MESSAGES.adminEmailMissing);
    const token = await issueToken(
      'adminLogin',
      { userId: user.id, email: user.email, ...origin },
      user.id,
      now,
    );
    await sendMail(adminLoginMail(user.email, token, { ...origin, at: now }));
    return { kind: 'adminVerificationSent', cookies: deviceCookies };
  }
  const session = await startSession(user.id, now);
  return { kind: 'signedIn', user, cookies: [...session.cookies, ...deviceCookies] };
}

/** Completes an administrator's sign-in from the e-mailed link. */
export async function verifyAdminLogin(token: string, now = new Date()) {
  const data = await useToken<{ userId: string }>('adminLogin', token, now);
  const user = data ? await getUser(data.userId) : undefined;
  if (!user || user.role !== 'admin') throw new BadRequestError(ACCOUNT_MESSAGES.adminTokenInvalid);
  assertInGoodStanding(user, now);
  const { cookies } = await startSession(user.id, now);
  return { user, cookies };
}

/**
 * Sign-ups per client address: a class of 40 behind one school address signs up within minutes,
 * while a script making hundreds an hour is stopped (docs/decisions.md, "Sign-up limits").
 */
export const SIGN_UP_LIMITS = { perHour: 60, perDay: 200 } as const;

async function withinSignUpLimits(purpose: string, ipAddress: string, now: Date) {
  const hourly = await withinIpRateLimit(purpose, ipAddress, SIGN_UP_LIMITS.perHour, 3600, now);
  const daily =
    hourly && (await withinIpRateLimit(`${purpose}-day`, ipAddress, SIGN_UP_LIMITS.perDay, 86_400, now));
  if (!daily) throw new TooManyRequestsError();
}

/** A new member is signed in, and the browser that chose the password is remembered for the account. */
async function signInNewMember(user: UserItem, now: Date): Promise<string[]> {
  const { cookies } = await startSession(user.id, now);
  return [...cookies, await rememberDevice(user.id, user.username, now)];
}

/** Registration with the form (username, nickname, e-mail, password): the new member is signed in. */
export async function register(input: RegisterInput, origin: RequestOrigin, now = new Date()) {
  assertNameAllowed(input.username);
  assertNameAllowed(input.nickname);
  await withinSignUpLimits('register', origin.ipAddress, now);
  const user = await createUser({ ...input, isEmailVerified: false }, [], now);
  emitMetric(METRIC.signUps, 1, { via: 'form' });
  return { user, cookies: await signInNewMember(user, now) };
}

/**
 * Registration by e-mail, step 1. The answer is the same whether or not the address is taken (no
 * account discovery); an address that has an account gets a "you already have an account" mail.
 */
export async function startEmailRegistration(email: string, origin: RequestOrigin, now = new Date()) {
  await withinSignUpLimits('mail', origin.ipAddress, now);
  if (!(await withinRateLimit(`email-register#${email}`, 5, 3600, now))) return;
  if (await findUserByEmail(email)) {
    await sendMail(alreadyRegisteredMail(email));
    return;
  }
  const token = await issueToken('registration', { email }, undefined, now);
  await sendMail(registrationMail(email, token));
}

/** The e-mail address behind a registration link, if the link is still good. */
export async function registrationEmail(token: string, now = new Date()) {
  const data = await peekToken<{ email: string }>('registration', token, now);
  if (!data) throw new BadRequestError(ACCOUNT_MESSAGES.tokenInvalid);
  return data.email;
}

/** Registration by e-mail, step 2: the token is used in the same transaction that creates the account. */
export async function completeEmailRegistration(input: VerifyEmailInput, now = new Date()) {
  assertNameAllowed(input.username);
  assertNameAllowed(input.nickname);
  const email = await registrationEmail(input.token, now);
  const user = await createUser(
    {
      username: input.username,
      nickname: input.nickname,
      email,
      password: input.password,
      isEmailVerified: true,
    },
    [
      {
        ...useTokenInTransaction('registration', input.token, now),
        onConditionFailed: () => new BadRequestError(ACCOUNT_MESSAGES.tokenInvalid),
      },
    ],
    now,
  );
  emitMetric(METRIC.signUps, 1, { via: 'email' });
  return { user, cookies: await signInNewMember(user, now) };
}

/** Sends a reset link when the address has an account; answers the same either way. */
export async function requestPasswordReset(
  email: string,
  origin: RequestOrigin,
  log: Logger,
  now = new Date(),
) {
  if (!(await withinIpRateLimit('reset-mail', origin.ipAddress, 30, 3600, now)))
    throw new TooManyRequestsError();
  if (!(await withinRateLimit(`password-reset#${email}`, 5, 3600, now))) return;
  const user = await findUserByEmail(email);
  if (!user) return;
  const token = await issueToken('passwordReset', { userId: user.id }, user.id, now);
  // A mail failure must not answer differently from an unknown address: it is logged instead.
  await sendMail(passwordResetMail(email, token)).catch((error: unknown) =>
    log.error('password reset mail failed', { error }),
  );
}

/**
 * Sets a new password from a reset link: the link is used and the password set in one transaction;
 * then every session ends, other outstanding links of the account stop working and any login lock
 * is lifted.
 */
export async function resetPassword(input: ResetPasswordInput, now = new Date()) {
  const data = await peekToken<{ userId: string }>('passwordReset', input.token, now);
  const user = data ? await getUser(data.userId) : undefined;
  if (!user) throw new BadRequestError(ACCOUNT_MESSAGES.tokenInvalid);
  const invalid = () => new BadRequestError(ACCOUNT_MESSAGES.tokenInvalid);
  await transactWrite([
    { ...useTokenInTransaction('passwordReset', input.token, now), onConditionFailed: invalid },
    { ...(await setPasswordItem(user.id, input.password)), onConditionFailed: invalid },
  ]);
  await endAllSessions(user.id);
  await deleteOwnedTokens(user.id);
  await attemptSucceeded(user.username);
}

/**
 * Re-checks the signed-in user's password (account deletion). Wrong guesses count towards the
 * same locks as logins, so a stolen session cannot be used to guess the password.
 */
export async function confirmPassword(
  user: UserItem,
  password: string,
  cookies: Map<string, string>,
  now = new Date(),
) {
  const { ok } = await guardedPasswordCheck(
    user.username,
    cookies,
    async () => Boolean(user.passwordHash) && verifyPassword(password, user.passwordHash ?? ''),
    now,
  );
  if (!ok) throw new AppError(400, ACCOUNT_MESSAGES.wrongPassword);
}
