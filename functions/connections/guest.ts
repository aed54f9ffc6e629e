import { CLASSROOM_MESSAGES } from '@shared/socket-protocol';
import type { Logger } from '../lib/logger';
import { scheduleTick } from '../multiplayer/clock';
import {
  closeConnection,
  findConnection,
  saveGuestConnection,
  sendToConnection,
  type GuestConnection,
} from './connection';
import { sealUnjoinedGuest, unmarkClassPlayer } from './connection-store';
import { guestJoinTick, guestJoinVerdict } from './guest-policy';

/** WebSocket close code of a normal closure (RFC 6455 §7.4.1): the socket served its purpose or timed out. */
export const NORMAL_CLOSURE = 1000;

/**
 * Opens a guest socket: its join deadline is set on the game clock before its item is written, so
 * no guest socket is ever left without it (a tick for an item never written finds nothing to close).
 */
export async function openGuestSocket(
  input: { connectionId: string; endpoint: string; viewerAddress: string },
  now = new Date(),
): Promise<GuestConnection> {
  await scheduleTick(guestJoinTick(input.connectionId, now.getTime()));
  return saveGuestConnection(input, now);
}

/**
 * The join deadline's tick: a guest socket that has not joined a class game is told why
 * (`error {reason: "invalid", message: joinTimeout}`) and closed normally. A join that lands at the
 * same moment either is written first (the socket stays) or is refused (sealUnjoinedGuest).
 */
export async function closeUnjoinedGuest(connectionId: string, log: Logger): Promise<void> {
  const connection = await findConnection(connectionId);
  const verdict = guestJoinVerdict(connection, Date.now());
  if (verdict.action === 'wait')
    return scheduleTick({ tick: { kind: 'guest_join', connectionId }, at: verdict.at });
  if (verdict.action === 'keep' || !connection) return;
  if (!(await sealUnjoinedGuest(connectionId))) return;
  log.info('guest socket closed: no class game joined in time');
  await sendToConnection(connection.endpoint, connectionId, {
    type: 'error',
    reason: 'invalid',
    message: CLASSROOM_MESSAGES.joinTimeout,
  }).catch((error: unknown) => log.warn('could not send error', { error }));
  await closeConnection(connection.endpoint, connectionId, NORMAL_CLOSURE);
}

/**
 * A class player's socket after they left or were removed: no longer the game's (its `classGameId`
 * dropped). A guest's socket exists only to play, so it gets its join deadline again: it may join a
 * game (again) within `CLASSROOM_LIMITS.guestJoinSeconds`, else that tick closes it.
 */
export async function releaseClassSocket(connectionId: string, playerId: string, now = Date.now()) {
  const released = await unmarkClassPlayer(connectionId, playerId);
  if (released?.guest === true) await scheduleTick(guestJoinTick(connectionId, now));
}
