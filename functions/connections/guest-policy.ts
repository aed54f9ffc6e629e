import { CLASSROOM_LIMITS } from '@shared/socket-protocol';
import type { ScheduledTick } from '../multiplayer/rules';
import type { ConnectionItem } from './connection';

/**
 * The rules of a socket opened without a session (issue 31, docs/classroom.md): it exists to join a
 * class game, so it is closed `CLASSROOM_LIMITS.guestJoinSeconds` after it opened unless it joined
 * one by then. Pure: the time is an argument, the clock's tick is only described.
 */

const JOIN_MS = CLASSROOM_LIMITS.guestJoinSeconds * 1000;

/** When a guest socket opened at `openedAt` (epoch ms) must have joined a class game. */
export const guestJoinDeadline = (openedAt: number) => openedAt + JOIN_MS;

/** The game clock's tick that looks at a guest socket at its join deadline. */
export const guestJoinTick = (connectionId: string, openedAt: number): ScheduledTick => ({
  tick: { kind: 'guest_join', connectionId },
  at: guestJoinDeadline(openedAt),
});

/**
 * What the join deadline's tick does with a socket: nothing to a socket gone, a member's, or one
 * that joined a class game (`keep`); a tick early by clock skew is put back for the rest (`wait`);
 * otherwise the socket is closed.
 */
export type GuestJoinVerdict = { action: 'keep' } | { action: 'wait'; at: number } | { action: 'close' };

export function guestJoinVerdict(connection: ConnectionItem | undefined, now: number): GuestJoinVerdict {
  if (!connection || connection.guest !== true || connection.classGameId) return { action: 'keep' };
  const deadline = guestJoinDeadline(Date.parse(connection.connectedAt));
  if (now < deadline) return { action: 'wait', at: deadline };
  return { action: 'close' };
}
