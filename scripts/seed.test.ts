import { describe, expect, it } from 'vitest';
import { needsRehash, verifyPassword } from '@functions/users/passwords';
import { LOCAL_DEMO_ACCOUNTS } from './seed';

describe('local demo accounts', () => {
  it.each(LOCAL_DEMO_ACCOUNTS.map((account) => [account.username, account] as const))(
    '%s signs in with the README’s password, hashed at today’s cost',
    async (_username, account) => {
      expect(needsRehash(account.passwordHash)).toBe(false);
      expect(await verifyPassword(account.password, account.passwordHash)).toBe(true);
    },
  );
});
