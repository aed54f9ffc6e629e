import { ACCOUNT_MESSAGES } from '@shared/account-messages';
import { OFFICIAL_AUTHOR_NAME, type CurrentUser } from '@shared/users';
import { BadRequestError } from '../lib/errors';
import { hasMembershipAt } from '../membership/status';
import { skeleton } from './skeleton';
import type { UserItem } from './user-store';

/**
 * The rules of accounts, as pure functions of an account and the time: which names may be
 * chosen, whether an account may act now, what a request and the page see of a member.
 * user-store.ts keeps accounts; user.ts puts the two together.
 */

/**
 * Names people choose (usernames and nicknames) may not pass for the official author of the
 * sample quizzes: no name whose skeleton contains its skeleton, read the same in hiragana or
 * katakana (「みんなのクイズ編集部です」, 「ミンナノクイズ編集部」, 「みんなのク亻ズ編集部」, spaces
 * between the letters). The seed creates the official account itself.
 */
export function isNameReserved(name: string): boolean {
  const reading = (text: string) =>
    skeleton(
      text
        .normalize('NFKC')
        .replace(/[\u30a1-\u30f6]/gu, (char) => String.fromCharCode(char.charCodeAt(0) - 0x60)),
    ).replace(/\s/gu, '');
  return reading(name).includes(reading(OFFICIAL_AUTHOR_NAME));
}

/** `isNameReserved` as a 400 with its Japanese message. */
export function assertNameAllowed(name: string): void {
  if (isNameReserved(name)) throw new BadRequestError(ACCOUNT_MESSAGES.nameReserved);
}

type AccountStanding = 'ok' | 'stopped' | 'inactive' | 'deleting';

/** Whether an account may act now: suspensions are checked against the clock, never left to TTL. */
export function accountStanding(
  user: Pick<UserItem, 'isActive' | 'suspendedUntil' | 'deletingAt'>,
  now = new Date(),
): AccountStanding {
  if (user.deletingAt) return 'deleting';
  if (user.suspendedUntil === 'PERMANENT') return 'stopped';
  if (user.suspendedUntil && new Date(user.suspendedUntil).getTime() > now.getTime()) return 'stopped';
  if (!user.isActive) return 'inactive';
  return 'ok';
}

/** When a stopped account's suspension ends (ISO 8601), or null when it is a ban (no end). */
export const stoppedUntil = (user: Pick<UserItem, 'suspendedUntil'>): string | null =>
  user.suspendedUntil && user.suspendedUntil !== 'PERMANENT' ? user.suspendedUntil : null;

/**
 * A member as a request sees them: the account, and whether they are advanced at the time of the
 * request (membership/status.ts). The `pro` access level and every pro rule read `isPro` here.
 */
export type Member = UserItem & { isPro: boolean };

export const asMember = (user: UserItem, now = new Date()): Member => ({
  ...user,
  isPro: hasMembershipAt(user, now),
});

export function toCurrentUser(user: UserItem, now = new Date()): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    nickname: user.nickname,
    email: user.email,
    isAdmin: user.role === 'admin',
    isPro: hasMembershipAt(user, now),
  };
}
