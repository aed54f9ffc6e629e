import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { hashPassword, type ScryptCost } from '@functions/users/passwords';
import { createUser } from '@functions/users/user';

/**
 * `npm run bench -- signin`: `POST /api/auth/login` through the local gateway, as a browser signs
 * in (a first visit for the CSRF cookie, then the form; only the sign-in is timed):
 * - one member at a time: what a member waits for on an otherwise idle stack;
 * - 10 members at once (a class signing in together), and the sign-ins per second the local stack
 *   sustains (each hash runs on Node's thread pool: 4 threads here, sharing two cores);
 * - the first sign-in of an account whose hash has the parameters used before issue 26 (docs/decisions.md)
 *   (N = 2^14), which verifies the old hash and stores a new one.
 * No budget: a sign-in costs what the password hash is set to cost (functions/users/passwords.ts).
 * In AWS each sign-in has a function of its own, with the memory of functions/routes.ts.
 */
const PASSWORD = 'Bench#2026pass';
/** The scrypt parameters of hashes written before issue 26 (docs/decisions.md). */
const LEGACY_COST: ScryptCost = { N: 2 ** 14, r: 8, p: 1 };
const SEQUENTIAL = 40;
const CONCURRENT = { clients: 10, each: 6 };
const LEGACY = 20;

interface Row {
  measure: string;
  value: string;
  budget: string;
  ok: boolean | null;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Accounts with the bench password, hashed once (at `cost`) for all of them. */
async function accounts(count: number, cost?: ScryptCost) {
  const passwordHash = await hashPassword(PASSWORD, cost);
  return Promise.all(
    Array.from({ length: count }, async () => {
      const id = randomUUID().slice(0, 8);
      const user = await createUser({
        username: `signin_${id}`,
        nickname: `計測${id.slice(0, 4)}`,
        email: `signin-${id}@example.com`,
        passwordHash,
      });
      return user.username;
    }),
  );
}

/** One sign-in from a new browser; answers the milliseconds of the sign-in call. */
async function signIn(baseUrl: string, origin: string, username: string): Promise<number> {
  const first = await fetch(`${baseUrl}/api/categories`);
  await first.arrayBuffer();
  const csrf = /csrf_token=([^;]+)/.exec(first.headers.getSetCookie().join(';'))![1]!;
  const started = performance.now();
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `csrf_token=${csrf}`,
      'x-csrf-token': csrf,
      origin,
    },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  await login.arrayBuffer();
  const ms = performance.now() - started;
  if (login.status !== 200) throw new Error(`sign-in of ${username} answered ${login.status}`);
  return ms;
}

const summary = (latencies: number[]) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return `${percentile(sorted, 50).toFixed(0)} ms / ${percentile(sorted, 99).toFixed(0)} ms`;
};

export async function benchSignIn(baseUrl: string, appUrl: string): Promise<Row[]> {
  const origin = new URL(appUrl).origin;
  const [member] = await accounts(1);
  const crowd = await accounts(CONCURRENT.clients);
  const legacy = await accounts(LEGACY, LEGACY_COST);

  // Warm: the route's modules, the dummy hash of unknown usernames, DynamoDB Local's JIT.
  for (let warm = 0; warm < 3; warm++) await signIn(baseUrl, origin, member!);

  const sequential: number[] = [];
  for (let index = 0; index < SEQUENTIAL; index++) sequential.push(await signIn(baseUrl, origin, member!));

  const concurrent: number[] = [];
  const started = performance.now();
  await Promise.all(
    crowd.map(async (username) => {
      for (let index = 0; index < CONCURRENT.each; index++)
        concurrent.push(await signIn(baseUrl, origin, username));
    }),
  );
  const perSecond = concurrent.length / ((performance.now() - started) / 1000);

  const rehashed: number[] = [];
  for (const username of legacy) rehashed.push(await signIn(baseUrl, origin, username));

  return [
    {
      measure: `sign-in (POST /api/auth/login), one at a time: p50 / p99 of ${SEQUENTIAL}`,
      value: summary(sequential),
      budget: '',
      ok: null,
    },
    {
      measure: `sign-in, ${CONCURRENT.clients} members at once: p50 / p99 of ${concurrent.length}`,
      value: `${summary(concurrent)} (${perSecond.toFixed(1)} sign-ins/s)`,
      budget: '',
      ok: null,
    },
    {
      measure: `first sign-in with an N = 2^14 hash (re-hashed): p50 / p99 of ${LEGACY}`,
      value: summary(rehashed),
      budget: '',
      ok: null,
    },
  ];
}
