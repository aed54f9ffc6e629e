import { randomUUID } from 'node:crypto';
import { ADMIN_MESSAGES, type BanInput } from '@shared/admin';
import { NotFoundError } from '../lib/errors';
import { endAllSessions } from '../sessions/session';
import { getUser, type UserItem } from '../users/user-store';
import { audit } from './audit-store';
import { assertMayPenalise, isActive, newPenalty, penaltyAction } from './penalty-policy';
import { liftPenalties, listPenalties, putPenalty, type PenaltyItem } from './penalty-store';

/**
 * Penalties: a ban (permanent) or a suspension for a number of minutes. The account's
 * `suspendedUntil` (`PERMANENT` or an ISO time, checked on every request) is set in the same
 * transaction as the penalty record, and the person's sessions end at once. Records are kept as
 * history. The rules are in penalty-policy.ts, the items and conditions in penalty-store.ts.
 */

export async function banUser(admin: UserItem, input: BanInput, now = new Date()): Promise<PenaltyItem> {
  const target = await getUser(input.userId);
  assertMayPenalise(admin, target);
  const penalty = await putPenalty(
    newPenalty(admin, target.id, input, randomUUID(), now),
    randomUUID().slice(0, 8),
  );
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
