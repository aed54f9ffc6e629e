import { randomUUID } from 'node:crypto';
import { ACCOUNT_MESSAGES } from '@shared/account-messages';
import { TooManyRequestsError } from '../lib/errors';
import { withinRateLimit } from '../lib/rate-limit';
import type { NamedItem, TransactItem } from '../data/transact';
import { hashPassword, stagePasswordCost } from './passwords';
import { assertNameAllowed } from './user-policy';
import {
  insertUser,
  newAnalyticsId,
  setNickname,
  setPasswordHashItem,
  userItem,
  type UserItem,
} from './user-store';

/**
 * Accounts: what sign-up, the profile and the password routes ask of them, the rules
 * (user-policy.ts) applied before the store (user-store.ts) writes.
 */

export interface NewUser {
  username: string;
  nickname: string;
  email: string | null;
  /** The password as chosen; none for an account nobody signs in to (the editorial account). */
  password?: string;
  /**
   * A hash made beforehand (passwords.ts), used instead of `password`: accounts whose password is
   * public anyway (the local demo accounts), many accounts with one password (bench, tests).
   */
  passwordHash?: string;
  role?: 'user' | 'admin';
  /** An advanced membership granted by an operator (no subscription). */
  proGranted?: boolean;
  isEmailVerified?: boolean;
}

async function passwordHashOf(input: NewUser): Promise<{ passwordHash?: string }> {
  if (input.passwordHash) return { passwordHash: input.passwordHash };
  return input.password === undefined
    ? {}
    : { passwordHash: await hashPassword(input.password, stagePasswordCost()) };
}

/**
 * Creates an account with its username and e-mail claims (and any extra items, such as the
 * registration token being used, which say what their failure means). A taken username (or one
 * that looks like a taken one) or e-mail answers 409 and writes nothing.
 */
export async function createUser(
  input: NewUser,
  extra: NamedItem[] = [],
  now = new Date(),
): Promise<UserItem> {
  return insertUser(
    userItem({
      id: randomUUID(),
      username: input.username,
      nickname: input.nickname,
      email: input.email,
      ...(await passwordHashOf(input)),
      role: input.role ?? 'user',
      isActive: true,
      ...(input.proGranted ? { proGranted: true } : {}),
      suspendedUntil: null,
      isEmailVerified: input.isEmailVerified ?? false,
      proFirstPaidAt: null,
      proLastPaidAt: null,
      createdAt: now.toISOString(),
      analyticsId: newAnalyticsId(),
    }),
    extra,
  );
}

/** Nickname changes a member may make in a minute: each writes the name on every quiz of theirs. */
export const NICKNAME_CHANGES_PER_MINUTE = 30;

export async function updateNickname(userId: string, nickname: string) {
  assertNameAllowed(nickname);
  if (!(await withinRateLimit(`nickname#${userId}`, NICKNAME_CHANGES_PER_MINUTE, 60)))
    throw new TooManyRequestsError(ACCOUNT_MESSAGES.nicknameTooFast);
  return setNickname(userId, nickname);
}

/** A transaction item that sets a new password (the account must exist and not be being deleted). */
export async function setPasswordItem(userId: string, password: string): Promise<TransactItem> {
  return setPasswordHashItem(userId, await hashPassword(password, stagePasswordCost()));
}
