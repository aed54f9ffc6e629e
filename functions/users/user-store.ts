import { randomBytes } from 'node:crypto';
import { ACCOUNT_MESSAGES } from '@shared/account-messages';
import { batchGetAll } from '../data/batch';
import { db } from '../data/db';
import { ignoreConditionFailed, isConditionFailed } from '../data/errors';
import type { ItemKey } from '../data/keys';
import { scanPages } from '../data/paginate';
import { transactWrite, type NamedItem, type TransactItem } from '../data/transact';
import { ConflictError, UnauthorizedError } from '../lib/errors';
import type { MembershipFields } from '../membership/status';
import {
  EmailClaimKeys,
  emailKey,
  LookAlikeClaimKeys,
  UserKeys,
  UsernameClaimKeys,
  usernameKey,
  usernameLikeKey,
  userKey,
} from './user-keys';
import { migrationRan, recordMigration } from './migration-store';

/**
 * Accounts. The profile item is `pk = USER#<id>`, `sk = PROFILE`; uniqueness of usernames and
 * e-mail addresses is held by claim items written in the same transaction as the profile with
 * `attribute_not_exists`, so two concurrent sign-ups cannot both win: `USERNAME#<key>` (the name
 * as typed, for sign-in), `USERNAMELIKE#<skeleton>` (no two names that look alike, skeleton.ts)
 * and `EMAIL#<address>`.
 *
 * Deleting an account first sets `deletingAt`; from then on the account is signed out everywhere
 * and every write of its data fails its condition (`LIVE_ACCOUNT`), so nothing can be re-created
 * while its data is being removed.
 */
export interface UserItem extends MembershipFields {
  pk: string;
  sk: 'PROFILE';
  id: string;
  username: string;
  nickname: string;
  email: string | null;
  passwordHash?: string;
  role: 'user' | 'admin';
  isActive: boolean;
  /** ISO time until which the account is suspended; `PERMANENT` for a ban. */
  suspendedUntil?: string | null;
  isEmailVerified?: boolean;
  proFirstPaidAt?: string | null;
  proLastPaidAt?: string | null;
  /** The member's Stripe customer (reused for every checkout); linked back by a `STRIPECUSTOMER#` item. */
  stripeCustomerId?: string;
  /** The last Checkout Session made for the member (what `POST /api/user/upgrade-pro` checks). */
  stripeCheckoutSessionId?: string;
  /** When the subscription fields were last read from Stripe; an older read never overwrites a newer one. */
  subscriptionSyncedAt?: string;
  createdAt: string;
  /** Quizzes the member made, counted in each creation's and deletion's transaction (the quota's counter). */
  quizCount?: number;
  /** Set when the account's deletion began: it may no longer act, and its data may no longer be written. */
  deletingAt?: string;
  /**
   * The person's pseudonym in the quiz analytics' player marks (`newAnalyticsId`): random, kept
   * only here, so the marks cannot be tied back to them once the account is deleted. Given at
   * sign-up; an account made before it gets one at its first counted play (`analyticsIdOf`).
   */
  analyticsId?: string;
  /** Owner index entry: account deletion finds everything by `gsi2pk = USER#<id>`. */
  gsi2pk?: string;
  gsi2sk?: string;
}

/** The condition under which a member's data may be written: the account exists and is not being deleted. */
export const LIVE_ACCOUNT = 'attribute_exists(pk) AND attribute_not_exists(deletingAt)';

/**
 * The transaction item every write of a member's own data carries (when the transaction does not
 * update the profile itself, which then takes `LIVE_ACCOUNT` as its condition): once deletion has
 * begun, the write is refused as if signed out.
 */
export const accountGuard = (userId: string): NamedItem => ({
  name: 'account',
  ConditionCheck: { Key: userKey(userId), ConditionExpression: LIVE_ACCOUNT },
  onConditionFailed: () => new UnauthorizedError(),
});

export async function getUser(
  userId: string,
  options: { consistent?: boolean } = {},
): Promise<UserItem | undefined> {
  const result = await db.get({
    Key: userKey(userId),
    ...(options.consistent ? { ConsistentRead: true } : {}),
  });
  return result.Item as UserItem | undefined;
}

async function userByClaim(key: ItemKey): Promise<UserItem | undefined> {
  const claim = await db.get({ Key: key });
  const userId = claim.Item?.userId as string | undefined;
  return userId ? getUser(userId) : undefined;
}

export const findUserByUsername = (username: string) => userByClaim(usernameKey(username));
export const findUserByEmail = (email: string) => userByClaim(emailKey(email));

/**
 * Writes a new account atomically with its username and e-mail claims (and any extra items, such
 * as the registration token being used, which say what their failure means). A taken username
 * (or one that looks like a taken one) or e-mail answers 409 and writes nothing.
 */
export async function insertUser(user: UserItem, extra: readonly NamedItem[] = []): Promise<UserItem> {
  const claim = (
    claimKeys: typeof UsernameClaimKeys | typeof LookAlikeClaimKeys | typeof EmailClaimKeys,
    key: ItemKey,
    taken: string,
  ): NamedItem => ({
    name: claimKeys.definition.entity,
    Put: {
      Item: { ...key, userId: user.id, ...claimKeys.owner({ userId: user.id }) },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
    onConditionFailed: () => new ConflictError(taken),
  });
  await transactWrite([
    { Put: { Item: user, ConditionExpression: 'attribute_not_exists(pk)' } },
    claim(UsernameClaimKeys, usernameKey(user.username), ACCOUNT_MESSAGES.usernameTaken),
    claim(LookAlikeClaimKeys, usernameLikeKey(user.username), ACCOUNT_MESSAGES.usernameTaken),
    ...(user.email ? [claim(EmailClaimKeys, emailKey(user.email), ACCOUNT_MESSAGES.emailTaken)] : []),
    ...extra,
  ]);
  return user;
}

/** A new analytics pseudonym: 96 random bits, 16 characters (it is stored on every profile, so it is kept short). */
export const newAnalyticsId = () => randomBytes(12).toString('base64url');

/**
 * The account's analytics pseudonym, given to an account made before pseudonyms existed at its
 * first use: `if_not_exists`, so of two plays at once both get the one written first. Undefined
 * when the account is gone or being deleted (its play is then counted without a player mark).
 */
export async function analyticsIdOf(user: Pick<UserItem, 'id' | 'analyticsId'>): Promise<string | undefined> {
  if (user.analyticsId) return user.analyticsId;
  try {
    const { Attributes } = await db.update({
      Key: userKey(user.id),
      UpdateExpression: 'SET analyticsId = if_not_exists(analyticsId, :new)',
      ConditionExpression: LIVE_ACCOUNT,
      ExpressionAttributeValues: { ':new': newAnalyticsId() },
      ReturnValues: 'UPDATED_NEW',
    });
    return Attributes?.analyticsId as string | undefined;
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}

/** The analytics pseudonyms of some accounts (one batch read; see `analyticsIdOf`), by user id; none for an account gone or being deleted. */
export async function analyticsIdsOf(userIds: readonly string[]): Promise<Map<string, string>> {
  const found = await batchGetAll<Pick<UserItem, 'id' | 'analyticsId' | 'deletingAt'>>(userIds.map(userKey), {
    projection: 'id, analyticsId, deletingAt',
  });
  const pairs = await Promise.all(
    found
      .filter((user) => !user.deletingAt)
      .map(async (user) => [user.id, await analyticsIdOf(user)] as const),
  );
  return new Map(pairs.filter((pair): pair is readonly [string, string] => pair[1] !== undefined));
}

/** The profile item of a new account (its key and its owner-index entry around `fields`). */
export const userItem = (fields: Omit<UserItem, 'pk' | 'sk' | 'gsi2pk' | 'gsi2sk'>): UserItem => ({
  ...userKey(fields.id),
  ...fields,
  ...UserKeys.owner({ userId: fields.id }),
});

/** Updates the profile of a live account; an account gone or being deleted answers 401. */
async function update(
  userId: string,
  expression: string,
  values: Record<string, unknown>,
  names?: Record<string, string>,
) {
  try {
    const result = await db.update({
      Key: userKey(userId),
      UpdateExpression: expression,
      ConditionExpression: LIVE_ACCOUNT,
      ExpressionAttributeValues: values,
      ...(names ? { ExpressionAttributeNames: names } : {}),
      ReturnValues: 'ALL_NEW',
    });
    return result.Attributes as UserItem;
  } catch (error) {
    if (isConditionFailed(error)) throw new UnauthorizedError();
    throw error;
  }
}

export const setNickname = (userId: string, nickname: string) =>
  update(userId, 'SET nickname = :nickname', { ':nickname': nickname });

/** A transaction item that sets a new password hash (the account must exist and not be being deleted). */
export const setPasswordHashItem = (userId: string, passwordHash: string): TransactItem => ({
  Update: {
    Key: userKey(userId),
    UpdateExpression: 'SET passwordHash = :hash',
    ConditionExpression: LIVE_ACCOUNT,
    ExpressionAttributeValues: { ':hash': passwordHash },
  },
});

/**
 * Replaces a hash made with older parameters (passwords.ts) by the one a sign-in just made, only
 * while it is still the hash that sign-in checked: of two sign-ins at once one writes, and a
 * password set meanwhile (a reset) is never overwritten. Answers whether it wrote.
 */
export async function upgradePasswordHash(userId: string, checked: string, upgraded: string) {
  try {
    await db.update({
      Key: userKey(userId),
      UpdateExpression: 'SET passwordHash = :upgraded',
      ConditionExpression: `${LIVE_ACCOUNT} AND passwordHash = :checked`,
      ExpressionAttributeValues: { ':upgraded': upgraded, ':checked': checked },
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

export const setRole = (userId: string, role: 'user' | 'admin') =>
  update(userId, 'SET #role = :role', { ':role': role }, { '#role': 'role' });
/**
 * Grants or takes back an operator's advanced membership (no subscription, no end). A member's own
 * Stripe subscription is not touched: it keeps giving access while it is paid.
 */
export const setMembershipGrant = (userId: string, granted: boolean) =>
  update(userId, 'SET proGranted = :granted', { ':granted': granted });

/**
 * Migration for tables made before `USERNAMELIKE#` claims existed: each account's username claim
 * gets its look-alike claim (the first account keeps a look-alike name if two already share one).
 * A scan, run by the seed script only (never on a request path), once per table: a marker item
 * records that it ran.
 */
export async function backfillLookAlikeClaims(): Promise<number> {
  if (await migrationRan('username-look-alike')) return 0;
  let added = 0;
  for await (const claims of scanPages<{ userId: string }>({
    FilterExpression: 'sk = :claim',
    ExpressionAttributeValues: { ':claim': UsernameClaimKeys.sk() },
  })) {
    for (const claim of claims) {
      const user = await getUser(String(claim.userId));
      if (!user) continue;
      await db
        .put({
          Item: {
            ...usernameLikeKey(user.username),
            userId: user.id,
            ...LookAlikeClaimKeys.owner({ userId: user.id }),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        })
        .then(() => (added += 1), ignoreConditionFailed);
    }
  }
  await recordMigration('username-look-alike');
  return added;
}

/**
 * Migration for tables made while `isPro` was a stored flag: membership is now decided at request
 * time from the subscription (membership/status.ts), and a stored `isPro: true` (the local `pro`
 * account, `npm run user -- grant-pro`) was an operator's grant, so it becomes `proGranted`. A scan,
 * run by the seed script only, once per table (a marker item records that it ran).
 */
export async function migrateStoredMembershipFlag(): Promise<number> {
  if (await migrationRan('pro-grant')) return 0;
  let migrated = 0;
  for await (const profiles of scanPages<{ id: string; isPro?: boolean }>({
    FilterExpression: 'sk = :profile AND attribute_exists(isPro)',
    ExpressionAttributeValues: { ':profile': UserKeys.sk() },
  })) {
    for (const profile of profiles) {
      await db
        .update({
          Key: userKey(String(profile.id)),
          UpdateExpression:
            profile.isPro === true ? 'SET proGranted = :granted REMOVE isPro' : 'REMOVE isPro',
          ConditionExpression: 'attribute_exists(pk)',
          ...(profile.isPro === true ? { ExpressionAttributeValues: { ':granted': true } } : {}),
        })
        .catch(ignoreConditionFailed);
      migrated += 1;
    }
  }
  await recordMigration('pro-grant');
  return migrated;
}
