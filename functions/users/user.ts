import { randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ACCOUNT_MESSAGES } from '@shared/accounts';
import type { CurrentUser } from '@shared/users';
import { dynamo } from '../lib/aws-clients';
import { getConfig } from '../lib/config';
import { ConflictError } from '../lib/errors';
import { hashPassword } from './passwords';

/**
 * Accounts. The profile item is `pk = USER#<id>`, `sk = PROFILE`; uniqueness of usernames and
 * e-mail addresses is held by claim items (`USERNAME#<key>`, `EMAIL#<address>`) written in the same
 * transaction as the profile with `attribute_not_exists`, so two concurrent sign-ups cannot both win.
 */
export interface UserItem {
  pk: string;
  sk: 'PROFILE';
  id: string;
  username: string;
  nickname: string;
  email: string | null;
  passwordHash?: string;
  role: 'user' | 'admin';
  isActive: boolean;
  isPro: boolean;
  /** ISO time until which the account is suspended; `PERMANENT` for a ban. */
  suspendedUntil?: string | null;
  isEmailVerified?: boolean;
  proFirstPaidAt?: string | null;
  proLastPaidAt?: string | null;
  createdAt: string;
  /** Owner index entry: account deletion finds everything by `gsi2pk = USER#<id>`. */
  gsi2pk?: string;
  gsi2sk?: string;
}

export const userKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' as const });
/** Usernames are unique regardless of case and width (NFKC, lower case). */
export const usernameKey = (username: string) => ({
  pk: `USERNAME#${username.normalize('NFKC').toLowerCase()}`,
  sk: 'USERNAME' as const,
});
export const emailKey = (email: string) => ({
  pk: `EMAIL#${email.trim().toLowerCase()}`,
  sk: 'EMAIL' as const,
});

const table = () => getConfig().tableName;

export async function getUser(userId: string): Promise<UserItem | undefined> {
  const result = await dynamo().send(new GetCommand({ TableName: table(), Key: userKey(userId) }));
  return result.Item as UserItem | undefined;
}

async function userByClaim(key: { pk: string; sk: string }): Promise<UserItem | undefined> {
  const claim = await dynamo().send(new GetCommand({ TableName: table(), Key: key }));
  const userId = claim.Item?.userId as string | undefined;
  return userId ? getUser(userId) : undefined;
}

export const findUserByUsername = (username: string) => userByClaim(usernameKey(username));
export const findUserByEmail = (email: string) => userByClaim(emailKey(email));

export type AccountStanding = 'ok' | 'stopped' | 'inactive';

/** Whether an account may act now: suspensions are checked against the clock, never left to TTL. */
export function accountStanding(
  user: Pick<UserItem, 'isActive' | 'suspendedUntil'>,
  now = new Date(),
): AccountStanding {
  if (user.suspendedUntil === 'PERMANENT') return 'stopped';
  if (user.suspendedUntil && new Date(user.suspendedUntil).getTime() > now.getTime()) return 'stopped';
  if (!user.isActive) return 'inactive';
  return 'ok';
}

export function toCurrentUser(user: UserItem): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    nickname: user.nickname,
    email: user.email,
    isAdmin: user.role === 'admin',
    isPro: user.isPro,
  };
}

export interface NewUser {
  username: string;
  nickname: string;
  email: string | null;
  password: string;
  role?: 'user' | 'admin';
  isPro?: boolean;
  isEmailVerified?: boolean;
}

/** A transaction item that must hold for the account to be created (e.g. consuming a one-time token). */
export type TransactItem = NonNullable<
  ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']
>[number];

/**
 * Creates an account atomically with its username and e-mail claims (and any extra items, such as
 * the registration token being used). A taken username or e-mail answers 409 and writes nothing.
 */
export async function createUser(
  input: NewUser,
  extra: TransactItem[] = [],
  now = new Date(),
): Promise<UserItem> {
  const id = randomUUID();
  const user: UserItem = {
    ...userKey(id),
    id,
    username: input.username,
    nickname: input.nickname,
    email: input.email,
    passwordHash: await hashPassword(input.password),
    role: input.role ?? 'user',
    isActive: true,
    isPro: input.isPro ?? false,
    suspendedUntil: null,
    isEmailVerified: input.isEmailVerified ?? false,
    proFirstPaidAt: null,
    proLastPaidAt: null,
    createdAt: now.toISOString(),
    gsi2pk: `USER#${id}`,
    gsi2sk: 'PROFILE',
  };
  const items: TransactItem[] = [
    { Put: { TableName: table(), Item: user, ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Put: {
        TableName: table(),
        Item: { ...usernameKey(input.username), userId: id, gsi2pk: `USER#${id}`, gsi2sk: 'CLAIM#USERNAME' },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
  if (input.email) {
    items.push({
      Put: {
        TableName: table(),
        Item: { ...emailKey(input.email), userId: id, gsi2pk: `USER#${id}`, gsi2sk: 'CLAIM#EMAIL' },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
  }
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: [...items, ...extra] }));
  } catch (error) {
    if (error instanceof TransactionCanceledException) {
      const reasons = error.CancellationReasons ?? [];
      if (reasons[1]?.Code === 'ConditionalCheckFailed')
        throw new ConflictError(ACCOUNT_MESSAGES.usernameTaken);
      if (input.email && reasons[2]?.Code === 'ConditionalCheckFailed')
        throw new ConflictError(ACCOUNT_MESSAGES.emailTaken);
      const extraFailed = reasons
        .slice(items.length)
        .some((reason) => reason.Code === 'ConditionalCheckFailed');
      if (extraFailed) throw new ExtraConditionFailed();
    }
    throw error;
  }
  return user;
}

/** One of the caller's extra transaction items did not hold (for example the token was already used). */
export class ExtraConditionFailed extends Error {}

async function update(
  userId: string,
  expression: string,
  values: Record<string, unknown>,
  names?: Record<string, string>,
) {
  const result = await dynamo().send(
    new UpdateCommand({
      TableName: table(),
      Key: userKey(userId),
      UpdateExpression: expression,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: values,
      ...(names ? { ExpressionAttributeNames: names } : {}),
      ReturnValues: 'ALL_NEW',
    }),
  );
  return result.Attributes as UserItem;
}

export const updateNickname = (userId: string, nickname: string) =>
  update(userId, 'SET nickname = :nickname', { ':nickname': nickname });

/** A transaction item that sets a new password hash (the account must exist). */
export async function setPasswordItem(userId: string, password: string): Promise<TransactItem> {
  return {
    Update: {
      TableName: table(),
      Key: userKey(userId),
      UpdateExpression: 'SET passwordHash = :hash',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':hash': await hashPassword(password) },
    },
  };
}

export const setRole = (userId: string, role: 'user' | 'admin') =>
  update(userId, 'SET #role = :role', { ':role': role }, { '#role': 'role' });
export const setPro = (userId: string, isPro: boolean) =>
  update(userId, 'SET isPro = :isPro', { ':isPro': isPro });
