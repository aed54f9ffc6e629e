import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { getConfig } from '../lib/config';

/**
 * Password hashes: scrypt (node:crypto) with a per-user salt, stored as
 * `scrypt$N$r$p$<salt>$<hash>`. Each hash carries its parameters, so raising the cost never breaks
 * an older hash: it still verifies, and is replaced at its owner's next sign-in (`checkPassword`).
 * The asynchronous scrypt runs on libuv's thread pool, so the event loop stays free meanwhile.
 */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP's minimum for scrypt (Password Storage Cheat Sheet): N = 2^17, r = 8, p = 1, 128 MiB of
 * memory per hash. Hashes made before issue 26 (docs/decisions.md) have N = 2^14.
 */
export const PASSWORD_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
/**
 * The test suites' cost (`PASSWORD_HASH_COST=fast`, refused outside the local stages by the
 * configuration): about a millisecond instead of half a second of CPU a hash, with the same code.
 */
export const FAST_TEST_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };

/** The cost this stage's new hashes get: OWASP's, but on a test suite's local stack. */
export function stagePasswordCost(): ScryptCost {
  return getConfig().passwordHashCost === 'fast' ? FAST_TEST_COST : PASSWORD_COST;
}
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

/**
 * The memory scrypt takes for a cost, by OpenSSL's own reckoning (128·r·(N + p + 2) bytes): Node
 * refuses any cost above its `maxmem`, 32 MiB unless told otherwise, so each call says what it needs.
 */
const memoryOf = ({ N, r, p }: ScryptCost) => 128 * r * (N + p + 2);
/** Stored parameters that would take more are not ours, and are refused rather than run. */
const MAX_MEMORY = 4 * memoryOf(PASSWORD_COST);

function scrypt(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...cost, maxmem: memoryOf(cost) },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

interface StoredHash {
  cost: ScryptCost;
  salt: Buffer;
  key: Buffer;
}

/** A stored hash read back; undefined when it is malformed or its parameters are out of bounds. */
function parse(stored: string): StoredHash | undefined {
  const [scheme, N, r, p, salt, key, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key || rest.length) return undefined;
  const cost = { N: Number(N), r: Number(r), p: Number(p) };
  const positive = [cost.N, cost.r, cost.p].every((value) => Number.isSafeInteger(value) && value > 0);
  // scrypt's N is a power of two above 1.
  if (!positive || cost.N < 2 || (cost.N & (cost.N - 1)) !== 0) return undefined;
  if (memoryOf(cost) > MAX_MEMORY) return undefined;
  return { cost, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

export async function hashPassword(password: string, cost: ScryptCost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Compares in constant time, with the parameters the hash was made with. A malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const hash = parse(stored);
  if (!hash) return false;
  const actual = await scrypt(password, hash.salt, hash.cost);
  return hash.key.length === actual.length && timingSafeEqual(hash.key, actual);
}

/** Whether a stored hash was made with other parameters than new hashes get. */
export function needsRehash(stored: string, cost: ScryptCost = PASSWORD_COST): boolean {
  const hash = parse(stored);
  return (
    !hash ||
    hash.cost.N !== cost.N ||
    hash.cost.r !== cost.r ||
    hash.cost.p !== cost.p ||
    hash.salt.length !== SALT_LENGTH ||
    hash.key.length !== KEY_LENGTH
  );
}

/**
 * Checks a sign-in's password. When the stored hash has older parameters, the password is also
 * hashed at today's cost, whether it matches or not (so a wrong guess takes as long as on a current
 * hash or an unknown username), and a match answers that new hash, for the account to keep.
 */
export async function checkPassword(
  password: string,
  stored: string,
  cost: ScryptCost = PASSWORD_COST,
): Promise<{ ok: boolean; rehashed?: string }> {
  if (!needsRehash(stored, cost)) return { ok: await verifyPassword(password, stored) };
  const [ok, rehashed] = await Promise.all([verifyPassword(password, stored), hashPassword(password, cost)]);
  return ok ? { ok, rehashed } : { ok };
}

const dummyHashes = new Map<string, Promise<string>>();

/** A hash of a random password: login attempts for unknown usernames cost the same time as real ones. */
export function dummyPasswordHash(cost: ScryptCost = PASSWORD_COST): Promise<string> {
  const key = [cost.N, cost.r, cost.p].join('$');
  let hash = dummyHashes.get(key);
  if (!hash) dummyHashes.set(key, (hash = hashPassword(randomBytes(16).toString('hex'), cost)));
  return hash;
}
