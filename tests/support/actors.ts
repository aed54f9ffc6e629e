import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { hashPassword, stagePasswordCost } from '@functions/users/passwords';
import { createUser } from '@functions/users/user';
import { signInAs } from './accounts';
import { TestClient } from './http-client';

/**
 * The people the integration tests act as, against a gateway's URL. Every one has opened the site
 * first, so it holds the CSRF cookie a browser would have.
 */
type Gateway = { url: string };

/** A signed-out browser. */
export async function visitor(gateway: Gateway, options?: ConstructorParameters<typeof TestClient>[1]) {
  const client = new TestClient(gateway.url, options);
  await client.get('/api/categories');
  return client;
}

/** A signed-in member (free unless told otherwise), put straight into the table. */
export async function member(gateway: Gateway, overrides: Parameters<typeof signInAs>[1] = {}) {
  const client = await visitor(gateway);
  const { user } = await signInAs(client, overrides);
  return { client, user };
}

/** A password that meets every rule of the registration form. */
export const PASSWORD = 'Quiz#2026pass';

/** A member who signed up through `POST /api/auth/register` (and so is signed in). */
export async function registered(
  gateway: Gateway,
  overrides: Partial<{ username: string; email: string; nickname: string }> = {},
) {
  const client = await visitor(gateway);
  const id = randomUUID().slice(0, 8);
  const input = {
    username: `user_${id}`,
    nickname: 'はなこ',
    email: `${id}@example.com`,
    password: PASSWORD,
    ...overrides,
  };
  const response = await client.request('POST', '/api/auth/register', { json: input });
  expect(response.status, response.text).toBe(201);
  return { client, input, user: response.json.user as { id: string } };
}

let passwordHash: Promise<string> | undefined;

/** `PASSWORD` hashed at the stage's cost, once per test file. */
export const hashedPassword = () => (passwordHash ??= hashPassword(PASSWORD, stagePasswordCost()));

/**
 * An account with a password that has not signed in anywhere, put straight into the table with
 * a hash made beforehand (`PASSWORD`'s unless told): for sign-in tests, without paying a hash for
 * a registration that is not what they test.
 */
export async function withPassword(hash?: string) {
  const id = randomUUID().slice(0, 8);
  const username = `pw_${id}`;
  const user = await createUser({
    username,
    nickname: 'パスワード',
    email: `pw.${id}@example.com`,
    passwordHash: hash ?? (await hashedPassword()),
  });
  return { username, userId: user.id, email: user.email! };
}
