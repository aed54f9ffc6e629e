import { randomUUID } from 'node:crypto';
import { ADMIN_MESSAGES, type BanInput } from '@shared/admin';
import { NotFoundError } from '../lib/errors';
import { endAllSessions } from '../sessions/session';
import { getUser, type UserItem } from '../users/user-store';
import { audit } from './audit-store';
import {
  assertMayPenalise,
  isActive,
  lasting,
  newPenalty,
  PenaltyRaced,
  penaltyAction,
} from './penalty-policy';
import { backoffMs, pause, RETRY } from '../data/retry';
import { liftPenalties, listPenalties, putPenalty, type PenaltyItem } from './penalty-store';

/**
 * Penalties: a ban (permanent) or a suspension for a number of minutes. The account's
 * `suspendedUntil` (`PERMANENT` or an ISO time, checked on every request) is set in the same
 * transaction as the penalty record, and the person's sessions end at once. Records are kept as
 * history. The rules are in penalty-policy.ts, the items and conditions in penalty-store.ts.
 */

export async function banUser(admin: UserItem, input: BanInput, now = new Date()): Promise<PenaltyItem> {
  let target = await getUser(input.userId, { consistent: true });
  assertMayPenalise(admin, target);
  const given = newPenalty(admin, target.id, input, randomUUID(), now);
  const suffix = randomUUID().slice(0, 8);
  let penalty: PenaltyItem;
  // The account keeps the stop that lasts longer (a ban over a suspension given after it), written
  // on condition that it is still the one read; a penalty or an unban in between: read it again.
  for (let attempt = 1; ; attempt++) {
    const seen = target.suspendedUntil ?? null;
    try {
      penalty = await putPenalty(given, suffix, { seen, until: lasting(seen, given) });
      break;
    } catch (error) {
      if (!(error instanceof PenaltyRaced) || attempt >= RETRY.attempts) throw error;
      await pause(backoffMs(attempt));
      target = await getUser(input.userId, { consistent: true });
      assertMayPenalise(admin, target);
    }
  }
  await endAllSessions(target.id);
  await audit(
    admin.id,
    penaltyAction(input),
    { userId: target.id, minutes: input.minutes ?? null, reason: input.reason || null },
    now,
  );
  return penalty;
}

export async function unbanUser(admin: UserItem, userId: string, now = new Date()): Promise<void> {
  const target = await getUser(userId);
  if (!target) throw new NotFoundError(ADMIN_MESSAGES.userNotFound);
  const active = (await listPenalties(userId)).filter((penalty) => isActive(penalty, now));
  await liftPenalties(userId, active, admin.id, now);
  await audit(admin.id, 'unban-user', { userId }, now);
}
