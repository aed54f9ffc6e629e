import { describe, expect, it } from 'vitest';
import { CLASSROOM_LIMITS } from '@shared/classroom';
import type { GuestConnection, MemberConnection } from './connection';
import { ConnectionKeys, connectionKey } from './connection-keys';
import { guestJoinTick, guestJoinVerdict } from './guest-policy';

const openedAt = Date.parse('2026-11-27T10:00:00.000Z');
const deadline = openedAt + CLASSROOM_LIMITS.guestJoinSeconds * 1000;

const guest = (fields: Partial<GuestConnection> = {}): GuestConnection => ({
  ...connectionKey('g1'),
  sk: 'CONNECTION',
  connectionId: 'g1',
  guest: true,
  endpoint: 'http://127.0.0.1:1',
  connectedAt: new Date(openedAt).toISOString(),
  ttl: 0,
  ...fields,
});

const member: MemberConnection = {
  ...connectionKey('m1'),
  sk: 'CONNECTION',
  connectionId: 'm1',
  userId: 'u1',
  sessionPk: 'session-of-u1',
  endpoint: 'http://127.0.0.1:1',
  connectedAt: new Date(openedAt).toISOString(),
  ttl: 0,
  ...ConnectionKeys.owner({ userId: 'u1', connectedAt: new Date(openedAt).toISOString() }),
};

describe('a guest socket at its join deadline', () => {
  it('is looked at by a tick due 30 seconds after it opened', () => {
    expect(guestJoinTick('g1', openedAt)).toEqual({
      tick: { kind: 'guest_join', connectionId: 'g1' },
      at: deadline,
    });
  });

  it('is closed when it has joined no class game', () => {
    expect(guestJoinVerdict(guest(), deadline)).toEqual({ action: 'close' });
    expect(guestJoinVerdict(guest(), deadline + 60_000)).toEqual({ action: 'close' });
  });

  it('stays open when it joined a class game', () => {
    expect(guestJoinVerdict(guest({ classGameId: 'game1', classPlayerId: 'p1' }), deadline)).toEqual({
      action: 'keep',
    });
  });

  it('is left alone when it is gone or a member’s', () => {
    expect(guestJoinVerdict(undefined, deadline)).toEqual({ action: 'keep' });
    expect(guestJoinVerdict(member, deadline)).toEqual({ action: 'keep' });
  });

  it('is looked at again at the deadline when the tick comes early (clock skew)', () => {
    expect(guestJoinVerdict(guest(), deadline - 1)).toEqual({ action: 'wait', at: deadline });
  });
});
