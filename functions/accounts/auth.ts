import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ACCOUNT_MESSAGES } from '@shared/accounts';
import type { LoginInput, RegisterInput, ResetPasswordInput, VerifyEmailInput } from '@shared/accounts';
import { dynamo } from '../lib/aws-clients';
import {
  AppError,
  BadRequestError,
  ForbiddenError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../lib/errors';
import { withinIpRateLimit, withinRateLimit } from '../lib/rate-limit';
import { sendMail } from '../mail/mailer';
import {
  adminLoginMail,
  alreadyRegisteredMail,
  passwordResetMail,
  registrationMail,
} from '../mail/templates';
import { endAllSessions, startSession } from '../sessions/session';
import { dummyPasswordHash, verifyPassword } from '../users/passwords';
import {
  accountStanding,
  createUser,
  ExtraConditionFailed,
  findUserByEmail,
  findUserByUsername,
  getUser,
  setPasswordItem,
  type UserItem,
} from '../users/user';
import { attemptFailed, attemptSucceeded, beginAttempt } from './login-guard';
import { deleteOwnedTokens, issueToken, peekToken, useToken, useTokenInTransaction } from './one-time-token';

export interface RequestOrigin {
  ipAddress: string;
  userAgent: string;
}

export type LoginResult =
  { kind: 'signedIn'; user: UserItem; cookies: string[] } | { kind: 'adminVerificationSent' };

/** Refuses accounts that may not act (suspended, banned, deactivated), with the spec's messages. */
export function assertInGoodStanding(user: UserItem, now = new Date()) {
  const standing = accountStanding(user, now);
  if (standing === 'stopped') throw new ForbiddenError(ACCOUNT_MESSAGES.accountStopped);
  if (standing === 'inactive') throw new ForbiddenError(ACCOUNT_MESSAGES.accountInactive);
}

/**
 * Checks a username and password. Locked accounts are refused before the password is checked;
 * unknown usernames cost the same time as wrong passwords; administrators get a confirmation
 * e-mail instead of a session.
 */
export async function logIn(
  input: LoginInput,
  origin: RequestOrigin,
  now = new Date(),
): Promise<LoginResult> {
  if (!(await withinIpRateLimit('login', origin.ipAddress, 100, 600, now))) throw new TooManyRequestsError();
  if (!(await beginAttempt(input.username, now)))
    throw new TooManyRequestsError(ACCOUNT_MESSAGES.loginLocked);
  const user = await findUserByUsername(input.username);
  const passwordMatches = user?.passwordHash
    ? await verifyPassword(input.password, user.passwordHash)
    : await verifyPassword(input.password, await dummyPasswordHash()).then(() => false);
  if (!user || !passwordMatches) {
    if (await attemptFailed(input.username, now))
      throw new TooManyRequestsError(ACCOUNT_MESSAGES.loginLocked);
    throw new UnauthorizedError(ACCOUNT_MESSAGES.loginFailed);
  }
  await attemptSucceeded(input.username);
  assertInGoodStanding(user, now);

  if (user.role === 'admin') {
    if (!user.email)
      throw new ForbiddenError('管理者アカウントにメールアドレスが登録されていないため、ログインできません');
    const token = await issueToken(
      'adminLogin',
      { userId: user.id, email: user.email, ...origin },
      user.id,
      now,
    );
    await sendMail(adminLoginMail(user.email, token, { ...origin, at: now }));
    return { kind: 'adminVerificationSent' };
  }
  const { cookies } = await startSession(user.id, now);
  return { kind: 'signedIn', user, cookies };
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

/** Registration with the form (username, nickname, e-mail, password): the new member is signed in. */
export async function register(input: RegisterInput, origin: RequestOrigin, now = new Date()) {
  if (!(await withinIpRateLimit('register', origin.ipAddress, 20, 3600, now)))
    throw new TooManyRequestsError();
  const user = await createUser({ ...input, isEmailVerified: false }, [], now);
  const { cookies } = await startSession(user.id, now);
  return { user, cookies };
}

/**
 * Registration by e-mail, step 1. The answer is the same whether or not the address is taken (no
 * account discovery); an address that has an account gets a "you already have an account" mail.
 */
export async function startEmailRegistration(email: string, origin: RequestOrigin, now = new Date()) {
  if (!(await withinIpRateLimit('mail', origin.ipAddress, 30, 3600, now))) throw new TooManyRequestsError();
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
  const email = await registrationEmail(input.token, now);
  try {
    const user = await createUser(
      {
        username: input.username,
        nickname: input.nickname,
        email,
        password: input.password,
        isEmailVerified: true,
      },
      [useTokenInTransaction('registration', input.token, now)],
      now,
    );
    const { cookies } = await startSession(user.id, now);
    return { user, cookies };
  } catch (error) {
    if (error instanceof ExtraConditionFailed) throw new BadRequestError(ACCOUNT_MESSAGES.tokenInvalid);
    throw error;
  }
}

/** Sends a reset link when the address has an account; answers the same either way. */
export async function requestPasswordReset(email: string, origin: RequestOrigin, now = new Date()) {
  if (!(await withinIpRateLimit('mail', origin.ipAddress, 30, 3600, now))) throw new TooManyRequestsError();
  if (!(await withinRateLimit(`password-reset#${email}`, 5, 3600, now))) return;
  const user = await findUserByEmail(email);
  if (!user) return;
  const token = await issueToken('passwordReset', { userId: user.id }, user.id, now);
  // A mail failure must not answer differently from an unknown address: it is logged instead.
  await sendMail(passwordResetMail(email, token)).catch((error: unknown) =>
    console.error(
      JSON.stringify({ level: 'error', message: 'password reset mail failed', error: String(error) }),
    ),
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
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          useTokenInTransaction('passwordReset', input.token, now),
          await setPasswordItem(user.id, input.password),
        ],
      }),
    );
  } catch (error) {
    if (error instanceof TransactionCanceledException)
      throw new BadRequestError(ACCOUNT_MESSAGES.tokenInvalid);
    throw error;
  }
  await endAllSessions(user.id);
  await deleteOwnedTokens(user.id);
  await attemptSucceeded(user.username);
}

/**
 * Re-checks the signed-in user's password (account deletion). Wrong guesses count towards the
 * same lock as logins, so a stolen session cannot be used to guess the password.
 */
export async function confirmPassword(user: UserItem, password: string, now = new Date()) {
  if (!(await beginAttempt(user.username, now))) throw new TooManyRequestsError(ACCOUNT_MESSAGES.loginLocked);
  if (!user.passwordHash || !(await verifyPassword(password, user.passwordHash))) {
    if (await attemptFailed(user.username, now)) throw new TooManyRequestsError(ACCOUNT_MESSAGES.loginLocked);
    throw new AppError(400, ACCOUNT_MESSAGES.wrongPassword);
  }
  await attemptSucceeded(user.username);
}
