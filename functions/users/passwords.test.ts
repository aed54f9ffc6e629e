import { describe, expect, it } from 'vitest';
import { checkPassword, hashPassword, needsRehash, PASSWORD_COST, verifyPassword } from './passwords';

/** Hashes made before issue 26 (docs/decisions.md). */
const LEGACY_COST = { N: 2 ** 14, r: 8, p: 1 };

describe('password hashes', () => {
  it('makes new hashes at OWASP’s minimum for scrypt, N = 2^17, r = 8, p = 1', async () => {
    expect(PASSWORD_COST).toEqual({ N: 131072, r: 8, p: 1 });
    const hash = await hashPassword('Quiz#2026pass');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{88}$/);
    expect(needsRehash(hash)).toBe(false);
    expect(await verifyPassword('Quiz#2026pass', hash)).toBe(true);
    expect(await verifyPassword('Quiz#2026pasS', hash)).toBe(false);
  });

  it('still verifies an older hash by the parameters it carries, and re-hashes it only on a match', async () => {
    const legacy = await hashPassword('Quiz#2026pass', LEGACY_COST);
    expect(legacy).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(needsRehash(legacy)).toBe(true);

    const right = await checkPassword('Quiz#2026pass', legacy);
    expect(right.ok).toBe(true);
    expect(right.rehashed).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('Quiz#2026pass', right.rehashed!)).toBe(true);

    expect(await checkPassword('Wrong#2026pass', legacy)).toEqual({ ok: false });
    expect(await checkPassword('Quiz#2026pass', await hashPassword('Quiz#2026pass'))).toEqual({ ok: true });
  });

  it('never matches a malformed hash, nor runs parameters that would exhaust the memory', async () => {
    const hash = await hashPassword('x', LEGACY_COST);
    const [, , , , salt, key] = hash.split('$');
    for (const stored of [
      '',
      'scrypt$secret',
      `bcrypt$16384$8$1$${salt}$${key}`,
      `scrypt$16383$8$1$${salt}$${key}`,
      `scrypt$${2 ** 24}$8$1$${salt}$${key}`,
      `scrypt$16384$8$1$${salt}$${key}$extra`,
    ]) {
      expect(await verifyPassword('x', stored)).toBe(false);
      expect(needsRehash(stored)).toBe(true);
    }
  });
});
